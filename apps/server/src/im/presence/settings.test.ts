import { describe, expect, it } from 'vitest';
import { defaultPresenceSettings, presenceFromEnv } from './settings';

describe('presence settings', () => {
  it('default to a 5 s offline grace and 5 typing relays a second per connection', () => {
    expect(presenceFromEnv({})).toEqual(defaultPresenceSettings);
    expect(defaultPresenceSettings).toEqual({
      offlineGraceMs: 5_000,
      typingPerSecond: 5,
      typingBurst: 20,
      isVisibleToStrangers: false,
    });
  });

  it('take the grace and the typing limits from the environment', () => {
    expect(
      presenceFromEnv({ PRESENCE_OFFLINE_GRACE_MS: '1500', IM_TYPING_PER_SECOND: '10', IM_TYPING_BURST: '30' }),
    ).toEqual({ offlineGraceMs: 1_500, typingPerSecond: 10, typingBurst: 30, isVisibleToStrangers: false });
  });

  it('show online status to strangers only when PRESENCE_VISIBLE_TO_STRANGERS is 1, and refuse other values', () => {
    expect(presenceFromEnv({ PRESENCE_VISIBLE_TO_STRANGERS: '1' }).isVisibleToStrangers).toBe(true);
    expect(presenceFromEnv({ PRESENCE_VISIBLE_TO_STRANGERS: '0' }).isVisibleToStrangers).toBe(false);
    expect(() => presenceFromEnv({ PRESENCE_VISIBLE_TO_STRANGERS: 'yes' })).toThrow('PRESENCE_VISIBLE_TO_STRANGERS');
  });

  it('refuse values that are not whole numbers in range, naming the variable', () => {
    expect(() => presenceFromEnv({ PRESENCE_OFFLINE_GRACE_MS: '5s' })).toThrow('PRESENCE_OFFLINE_GRACE_MS');
    expect(() => presenceFromEnv({ PRESENCE_OFFLINE_GRACE_MS: '10' })).toThrow('from 100');
    expect(() => presenceFromEnv({ IM_TYPING_PER_SECOND: '0' })).toThrow('IM_TYPING_PER_SECOND');
  });
});
