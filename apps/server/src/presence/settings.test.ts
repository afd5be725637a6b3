import { describe, expect, it } from 'vitest';
import { defaultPresenceSettings, presenceFromEnv } from './settings';

describe('presence settings', () => {
  it('default to a 5 s offline grace and 5 typing relays a second per connection', () => {
    expect(presenceFromEnv({})).toEqual(defaultPresenceSettings);
    expect(defaultPresenceSettings).toEqual({ offlineGraceMs: 5_000, typingPerSecond: 5, typingBurst: 20 });
  });

  it('take the grace and the typing limits from the environment', () => {
    expect(
      presenceFromEnv({ PRESENCE_OFFLINE_GRACE_MS: '1500', IM_TYPING_PER_SECOND: '10', IM_TYPING_BURST: '30' }),
    ).toEqual({ offlineGraceMs: 1_500, typingPerSecond: 10, typingBurst: 30 });
  });

  it('refuse values that are not whole numbers in range, naming the variable', () => {
    expect(() => presenceFromEnv({ PRESENCE_OFFLINE_GRACE_MS: '5s' })).toThrow('PRESENCE_OFFLINE_GRACE_MS');
    expect(() => presenceFromEnv({ PRESENCE_OFFLINE_GRACE_MS: '10' })).toThrow('from 100');
    expect(() => presenceFromEnv({ IM_TYPING_PER_SECOND: '0' })).toThrow('IM_TYPING_PER_SECOND');
  });
});
