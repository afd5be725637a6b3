import { LIMIT_ENV, type LimitSettings, limitsFromEnv } from '../apps/server/src/limits/settings';

/**
 * The bench's synthetic users exceed the abuse limits on purpose (thousands of sockets from one
 * address, hundreds of messages a second per user and per group), so its server processes run with
 * these raised. Portal limits keep their defaults: the bench does not use the portal.
 */
const RAISED: Partial<Record<keyof LimitSettings, number>> = {
  imOpsPerSecond: 1_000_000,
  imOpsBurst: 1_000_000,
  imUserSendsPerSecond: 1_000_000,
  imUserSendsBurst: 1_000_000,
  imGroupSendsPerSecond: 1_000_000,
  imGroupSendsBurst: 1_000_000,
  imUnauthenticatedPerAddress: 1_000_000,
  imSessionsPerUser: 1_000,
  // A ramp of 10,000 logins on two shared cores may keep a socket waiting for its login longer than 10 s.
  imLoginTimeoutMs: 120_000,
};

/** The environment that raises them, for the bench's server processes (typing relays and call invites too). */
export const benchLimitEnv: Record<string, string> = {
  ...Object.fromEntries(
    (Object.entries(RAISED) as Array<[keyof LimitSettings, number]>).map(([name, value]) => [
      LIMIT_ENV[name].env,
      String(value),
    ]),
  ),
  IM_TYPING_PER_SECOND: '1000000',
  IM_TYPING_BURST: '1000000',
  // The call-setup bench has one caller ring the same callee call after call.
  IM_CALL_INVITES_PER_MINUTE: '1000000',
  IM_CALL_INVITE_BURST: '1000000',
  // The calls bench keeps its invites ringing through a whole measured C2C run, waits included.
  CALL_INVITE_TIMEOUT_SECONDS: '600',
};

/** Every limit the bench's servers run with, read by the server's own parser from the same environment. */
export function benchServerLimits(): LimitSettings {
  return limitsFromEnv({ ...process.env, ...benchLimitEnv });
}
