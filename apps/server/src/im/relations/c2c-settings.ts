/** Rules for one-to-one messages (docs/friends-and-blocklist.md). */
export interface C2CSettings {
  /**
   * IM_C2C_REQUIRES_FRIENDSHIP=1: only friends (both ways) may send each other one-to-one
   * messages; others are refused with 20009. Off by default: anyone may message anyone.
   */
  requiresFriendship: boolean;
}

export const defaultC2CSettings: C2CSettings = { requiresFriendship: false };

export function c2cFromEnv(env: NodeJS.ProcessEnv): C2CSettings {
  const raw = env.IM_C2C_REQUIRES_FRIENDSHIP;
  if (raw === undefined || raw === '' || raw === '0') return { requiresFriendship: false };
  if (raw === '1') return { requiresFriendship: true };
  throw new Error(`IM_C2C_REQUIRES_FRIENDSHIP must be 0 or 1, got "${raw}"`);
}
