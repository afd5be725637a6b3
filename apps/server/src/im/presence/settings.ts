/** Online status and typing settings (docs/presence-and-translation.md). */
export interface PresenceSettings {
  /**
   * PRESENCE_OFFLINE_GRACE_MS: a user is shown offline this long after their last tab went, or
   * after the process holding it stopped answering.
   */
  offlineGraceMs: number;
  /**
   * IM_TYPING_PER_SECOND, IM_TYPING_BURST: typing relays per connection, apart from the send
   * budget. The SDK sends one every few seconds while someone types; the bench raises them.
   */
  typingPerSecond: number;
  typingBurst: number;
  /**
   * PRESENCE_VISIBLE_TO_STRANGERS=1: anyone may see anyone's online status. Off by default: only
   * the user's friends and people sharing a group with them do; everyone else sees them offline.
   */
  isVisibleToStrangers: boolean;
}

export const defaultPresenceSettings: PresenceSettings = {
  offlineGraceMs: 5_000,
  typingPerSecond: 5,
  typingBurst: 20,
  isVisibleToStrangers: false,
};

export function presenceFromEnv(env: NodeJS.ProcessEnv): PresenceSettings {
  return {
    offlineGraceMs: integer(env, 'PRESENCE_OFFLINE_GRACE_MS', defaultPresenceSettings.offlineGraceMs, 100, 600_000),
    typingPerSecond: integer(env, 'IM_TYPING_PER_SECOND', defaultPresenceSettings.typingPerSecond, 1),
    typingBurst: integer(env, 'IM_TYPING_BURST', defaultPresenceSettings.typingBurst, 1),
    isVisibleToStrangers: flag(env, 'PRESENCE_VISIBLE_TO_STRANGERS'),
  };
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === '0') return false;
  if (raw === '1') return true;
  throw new Error(`${name} must be 0 or 1, got "${raw}"`);
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}
