/**
 * Tencent's third-party callbacks (docs/server-api.md, Callbacks): where they go, which are on,
 * how long a 'before' callback may take and the token that signs them.
 */
export const CALLBACK_COMMANDS = [
  'C2C.CallbackBeforeSendMsg',
  'C2C.CallbackAfterSendMsg',
  'Group.CallbackBeforeSendMsg',
  'Group.CallbackAfterSendMsg',
  'State.StateChange',
  'Group.CallbackAfterCreateGroup',
  'Group.CallbackAfterNewMemberJoin',
  'Group.CallbackAfterMemberExit',
  'Sns.CallbackFriendAdd',
  'Sns.CallbackFriendDelete',
  'C2C.CallbackAfterMsgWithDraw',
] as const;
export type CallbackCommand = (typeof CALLBACK_COMMANDS)[number];

export interface CallbackSettings {
  /** CALLBACK_URL: the app backend's endpoint; null: no callbacks at all. */
  url: string | null;
  /** CALLBACK_COMMANDS: the commands switched on (comma-separated); unset: all of them. */
  commands: ReadonlySet<CallbackCommand>;
  /** CALLBACK_TIMEOUT_MS: how long a 'before' callback may take before the send goes ahead (Tencent: 2 s). */
  timeoutMs: number;
  /** CALLBACK_TOKEN: signs each callback as Tencent's callback authentication does; null: unsigned. */
  token: string | null;
  /** The SDKAppID put in each callback's SdkAppid. */
  sdkAppID: number;
  /** 'After' callbacks waiting to be posted; more are dropped (and counted) while the endpoint is slow or down. */
  queueLimit: number;
  /** Posts of one 'after' callback before it is dropped, and the first wait between them (doubling). */
  attempts: number;
  retryDelayMs: number;
}

export const defaultCallbackSettings: Omit<CallbackSettings, 'url' | 'sdkAppID'> = {
  commands: new Set(CALLBACK_COMMANDS),
  timeoutMs: 2000,
  token: null,
  queueLimit: 10_000,
  attempts: 3,
  retryDelayMs: 500,
};

export function callbacksFromEnv(env: NodeJS.ProcessEnv): Omit<CallbackSettings, 'sdkAppID'> {
  const url = env.CALLBACK_URL || null;
  if (url && !/^https?:\/\//.test(url)) throw new Error(`CALLBACK_URL must be an http(s) URL, got "${url}"`);
  const timeoutMs = env.CALLBACK_TIMEOUT_MS ? Number(env.CALLBACK_TIMEOUT_MS) : defaultCallbackSettings.timeoutMs;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1) {
    throw new Error(`CALLBACK_TIMEOUT_MS must be a positive whole number, got "${env.CALLBACK_TIMEOUT_MS}"`);
  }
  return { ...defaultCallbackSettings, url, timeoutMs, token: env.CALLBACK_TOKEN || null, commands: commandsFrom(env) };
}

function commandsFrom(env: NodeJS.ProcessEnv): ReadonlySet<CallbackCommand> {
  if (!env.CALLBACK_COMMANDS) return defaultCallbackSettings.commands;
  const names = env.CALLBACK_COMMANDS.split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !isCallbackCommand(name));
  if (unknown.length > 0) {
    throw new Error(`CALLBACK_COMMANDS: unknown ${unknown.join(', ')}; known: ${CALLBACK_COMMANDS.join(', ')}`);
  }
  return new Set(names.filter(isCallbackCommand));
}

function isCallbackCommand(name: string): name is CallbackCommand {
  return (CALLBACK_COMMANDS as readonly string[]).includes(name);
}
