/**
 * Tencent's `create()` gives an app one client per SDKAppID: the second call returns the first
 * client, so an app and the UI kit it embeds share one connection and one conversation list, and
 * `destroy()` lets the next call make a new one. Liaison keeps that for calls made Tencent's way
 * (no `server` option); a call naming `server` always gets a client of its own, so tests and bots
 * can run several users of one app in one process.
 */
const shared = new Map<number, object>();

/**
 * The SDKAppID as Tencent's `create()` reads it: a number as given, a string of digits parsed;
 * anything else (`'12ab'`, undefined) is null, for which Tencent's create logs an error and
 * returns null.
 */
export function readSDKAppID(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || Number.isNaN(Number(value))) return null;
  const parsed = Number.parseInt(value, 10);
  return Number.isNaN(parsed) ? null : parsed;
}

export function sharedInstance<T extends object>(appID: number, make: () => T): T {
  const existing = shared.get(appID);
  if (existing) return existing as T;
  const made = make();
  shared.set(appID, made);
  return made;
}

/** After `destroy()`: the next `create()` for its app makes a new client. */
export function forgetInstance(instance: object): void {
  for (const [appID, held] of shared) if (held === instance) shared.delete(appID);
}
