import { describe, expect, it } from 'vitest';
import { abilitiesFromEnv, defaultAbilities } from './settings';

describe('abilitiesFromEnv', () => {
  it('turns every capability on when nothing is set, as a self-hosted deployment has them all', () => {
    expect(abilitiesFromEnv({})).toEqual(defaultAbilities);
    expect(Object.values(defaultAbilities).every(Boolean)).toBe(true);
  });

  it('takes 0 as off and 1 as on, per capability', () => {
    expect(
      abilitiesFromEnv({ ABILITY_TRANSLATION: '0', ABILITY_ONLINE_STATUS: '1', ABILITY_VOICE_TO_TEXT: '' }),
    ).toEqual({ groupReadReceipt: true, onlineStatus: true, translation: false, voiceToText: true });
  });

  it('refuses any other value, naming the variable', () => {
    expect(() => abilitiesFromEnv({ ABILITY_GROUP_READ_RECEIPT: 'off' })).toThrow(
      'ABILITY_GROUP_READ_RECEIPT must be 0 or 1, got "off"',
    );
  });
});
