import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { PortalCode, PortalError } from '../envelope';

/**
 * Wrong passwords are counted per (account, client address): five in a row from one address lock
 * that address out of that account for a minute, the next lock two, then four, up to thirty.
 * Another address is not affected, so nobody can lock the real user out from elsewhere.
 */
export const FAILURES_BEFORE_LOCK = 5;
export const FIRST_LOCK_MS = 60_000;
export const MAX_LOCK_MS = 30 * 60_000;
/** A pair left alone this long (and not locked) is forgotten: its next lock is a first one again. */
export const FORGET_AFTER_MS = 24 * 3600_000;

export interface LoginAttempt {
  /** `user:<userID>`, or `name:<login name>` for a name no account has (it locks alike). */
  key: string;
  address: string;
}

/** Refuses while the pair is locked, the right password included. */
export async function refuseIfLocked(db: Sql, attempt: LoginAttempt, now = Date.now()): Promise<void> {
  const [row] = await db.query<{ locked_until: unknown }>(
    'SELECT locked_until FROM portal_login_failures WHERE login_key = $1 AND address = $2',
    [attempt.key, attempt.address],
  );
  throwIfLocked(toNumber(row?.locked_until ?? 0), now);
}

/** Counts a wrong password; the fifth in a row locks the pair (and says so). */
export async function recordFailure(db: Sql, attempt: LoginAttempt, now = Date.now()): Promise<void> {
  // Stale pairs go as new failures come, so the table stays small without a timer.
  await db.query('DELETE FROM portal_login_failures WHERE updated_at < $1 AND locked_until < $2', [
    now - FORGET_AFTER_MS,
    now,
  ]);
  const [row] = await db.query<{ locked_until: unknown }>(
    `INSERT INTO portal_login_failures AS f (login_key, address, failures, lockouts, locked_until, updated_at)
     VALUES ($1, $2, 1, 0, 0, $3::bigint)
     ON CONFLICT (login_key, address) DO UPDATE SET
       failures = CASE WHEN f.failures + 1 >= $4 THEN 0 ELSE f.failures + 1 END,
       lockouts = CASE WHEN f.failures + 1 >= $4 THEN f.lockouts + 1 ELSE f.lockouts END,
       locked_until = CASE WHEN f.failures + 1 >= $4
         THEN $3::bigint + LEAST($6::bigint, ($5::bigint * power(2, LEAST(f.lockouts, 16)))::bigint)
         ELSE f.locked_until END,
       updated_at = $3::bigint
     RETURNING locked_until`,
    [attempt.key, attempt.address, now, FAILURES_BEFORE_LOCK, FIRST_LOCK_MS, MAX_LOCK_MS],
  );
  throwIfLocked(toNumber(row?.locked_until ?? 0), now);
}

/** A right password from this address starts its count over. */
export async function clearFailures(db: Sql, attempt: LoginAttempt): Promise<void> {
  await db.query('DELETE FROM portal_login_failures WHERE login_key = $1 AND address = $2', [
    attempt.key,
    attempt.address,
  ]);
}

export function lockedText(minutes: number): string {
  return `密码错误次数过多，请${minutes}分钟后再试`;
}

function throwIfLocked(until: number, now: number): void {
  if (until <= now) return;
  throw new PortalError(PortalCode.ERROR, lockedText(Math.max(1, Math.ceil((until - now) / 60_000))));
}
