/**
 * Every abuse limit, with its environment variable and default. README.md and docs/security.md
 * ("Abuse limits") list the same table. Defaults are meant never to touch a real person or a small
 * script; the bench raises them for its synthetic users.
 */
export interface LimitSettings {
  /** SMS codes one client address may request per hour. */
  smsPerAddressPerHour: number;
  /** SMS codes the whole deployment sends per hour (protects the SMS bill). */
  smsTotalPerHour: number;
  /** Login attempts (password or SMS code) per client address per 10 minutes. */
  loginsPerAddressPer10Min: number;
  /** Registrations per client address per day. */
  registrationsPerAddressPerDay: number;
  /** Captcha images per client address per minute. */
  captchasPerAddressPerMinute: number;
  /** Uploads per portal user per minute. */
  uploadsPerUserPerMinute: number;
  /** Questions to the AI assistant per portal user per minute (each costs a model call). */
  aiPromptsPerUserPerMinute: number;
  /** Reports (举报) per client address, and per logged-in user, per hour. */
  reportsPerHour: number;
  /** IM requests per connection: sustained rate and burst. */
  imOpsPerSecond: number;
  imOpsBurst: number;
  /** Messages one user may send: sustained rate and burst. */
  imUserSendsPerSecond: number;
  imUserSendsBurst: number;
  /** Messages into one group: sustained rate and burst, shared by all of this process's senders. */
  imGroupSendsPerSecond: number;
  imGroupSendsBurst: number;
  /** Server processes sharing the traffic: each enforces the per-group rate divided by this. */
  imServerProcesses: number;
  /** Connections one address may hold that have not logged in yet. */
  imUnauthenticatedPerAddress: number;
  /** Logged-in connections one user may hold on one process. */
  imSessionsPerUser: number;
  /** A connection that has not logged in by then is closed (4008). */
  imLoginTimeoutMs: number;
  /** Calls of one REST API command per second, shared by every process (Tencent's 200 for most). */
  restCallsPerSecond: number;
  /** The server pings every this often and drops a connection that did not answer the last ping. */
  imHeartbeatMs: number;
}

export const LIMIT_ENV: Record<keyof LimitSettings, { env: string; default: number }> = {
  smsPerAddressPerHour: { env: 'LIMIT_SMS_PER_ADDRESS_HOUR', default: 20 },
  smsTotalPerHour: { env: 'LIMIT_SMS_TOTAL_HOUR', default: 1_000 },
  loginsPerAddressPer10Min: { env: 'LIMIT_LOGIN_PER_ADDRESS_10MIN', default: 60 },
  registrationsPerAddressPerDay: { env: 'LIMIT_REGISTER_PER_ADDRESS_DAY', default: 20 },
  captchasPerAddressPerMinute: { env: 'LIMIT_CAPTCHA_PER_ADDRESS_MINUTE', default: 30 },
  uploadsPerUserPerMinute: { env: 'LIMIT_UPLOADS_PER_USER_MINUTE', default: 30 },
  aiPromptsPerUserPerMinute: { env: 'LIMIT_AI_PER_USER_MINUTE', default: 10 },
  reportsPerHour: { env: 'LIMIT_REPORTS_HOUR', default: 10 },
  imOpsPerSecond: { env: 'IM_OPS_PER_SECOND', default: 200 },
  imOpsBurst: { env: 'IM_OPS_BURST', default: 400 },
  imUserSendsPerSecond: { env: 'IM_SEND_PER_USER_PER_SECOND', default: 20 },
  imUserSendsBurst: { env: 'IM_SEND_PER_USER_BURST', default: 200 },
  imGroupSendsPerSecond: { env: 'IM_SEND_PER_GROUP_PER_SECOND', default: 200 },
  imGroupSendsBurst: { env: 'IM_SEND_PER_GROUP_BURST', default: 400 },
  imServerProcesses: { env: 'IM_SERVER_PROCESSES', default: 1 },
  imUnauthenticatedPerAddress: { env: 'IM_UNAUTHENTICATED_PER_ADDRESS', default: 50 },
  imSessionsPerUser: { env: 'IM_SESSIONS_PER_USER', default: 20 },
  imLoginTimeoutMs: { env: 'IM_LOGIN_TIMEOUT_MS', default: 10_000 },
  imHeartbeatMs: { env: 'IM_HEARTBEAT_MS', default: 30_000 },
  restCallsPerSecond: { env: 'REST_CALLS_PER_SECOND', default: 200 },
};

export const defaultLimits: LimitSettings = Object.fromEntries(
  Object.entries(LIMIT_ENV).map(([name, { default: value }]) => [name, value]),
) as Record<keyof LimitSettings, number>;

/** Reads every limit from the environment; each must be a positive integer. */
export function limitsFromEnv(env: NodeJS.ProcessEnv): LimitSettings {
  const settings = { ...defaultLimits };
  for (const [name, { env: variable }] of Object.entries(LIMIT_ENV) as Array<[keyof LimitSettings, { env: string }]>) {
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value <= 0) {
      throw new Error(`${variable} must be a positive integer, got "${raw}"`);
    }
    settings[name] = value;
  }
  return settings;
}
