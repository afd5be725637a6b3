import type { PointsInfo, PointsLedgerRow, SignInDay, SignInResult } from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';
import { previousDate, shanghaiDateOf } from '../shanghai-day';

/** Points of a sign-in: 10, plus 2 for each consecutive day before it, up to 20 from the sixth day on. */
export function signInAward(streak: number): number {
  return 10 + 2 * Math.min(Math.max(streak - 1, 0), 5);
}

/**
 * Signs the user in for today (Asia/Shanghai). The points row is locked for the whole
 * transaction, so concurrent sign-ins queue and the later ones find today signed; the ledger's
 * UNIQUE(user_id, 'sign-in:<day>') backs that up.
 */
export function signIn(db: Database, userId: string, now: number): Promise<SignInResult> {
  const today = shanghaiDateOf(now);
  return db.transaction(async (tx) => {
    const held = await lockPoints(tx, userId);
    const already = { isNew: false, points: 0, streak: held.streak, balance: held.balance };
    if (held.lastSigned === today) return already;
    const streak = held.lastSigned === previousDate(today) ? held.streak + 1 : 1;
    const points = signInAward(streak);
    const balance = await recordChange(tx, userId, held.balance, points, '每日签到', `sign-in:${today}`, now);
    if (balance === null) return already;
    await tx.query('UPDATE portal_points SET streak = $2, last_signed = $3 WHERE user_id = $1', [
      userId,
      streak,
      today,
    ]);
    return { isNew: true, points, streak, balance };
  });
}

/**
 * Spends (negative delta) or awards points inside the caller's transaction, once per `ref`.
 * Refuses with '积分不足' when the balance would go below 0; null when `ref` was recorded already.
 */
export async function changePoints(
  tx: Sql,
  userId: string,
  delta: number,
  reason: string,
  ref: string,
  now: number,
): Promise<number | null> {
  const held = await lockPoints(tx, userId);
  return recordChange(tx, userId, held.balance, delta, reason, ref, now);
}

export async function pointsBalance(db: Sql, userId: string): Promise<number> {
  const [row] = await db.query<{ balance: unknown }>('SELECT balance FROM portal_points WHERE user_id = $1', [userId]);
  return toNumber(row?.balance);
}

/** The balance, the current streak, today's state and the last 7 days of sign-ins. */
export async function pointsInfo(db: Sql, userId: string, now: number): Promise<PointsInfo> {
  const [row] = await db.query<PointsRow>('SELECT balance, streak, last_signed FROM portal_points WHERE user_id = $1', [
    userId,
  ]);
  const held = toHeld(row);
  const today = shanghaiDateOf(now);
  const signedToday = held.lastSigned === today;
  const streak = signedToday || held.lastSigned === previousDate(today) ? held.streak : 0;
  const dayList = lastDays(today, 7);
  const signed = await db.query<{ ref: string; delta: unknown }>(
    'SELECT ref, delta FROM portal_points_ledger WHERE user_id = $1 AND ref = ANY($2::text[])',
    [userId, dayList.map((day) => `sign-in:${day}`)],
  );
  const awarded = new Map(signed.map((r) => [r.ref.slice('sign-in:'.length), toNumber(r.delta)]));
  const days: SignInDay[] = dayList.map((day) => ({
    day,
    signed: awarded.has(day),
    points: awarded.get(day) ?? 0,
  }));
  return { balance: held.balance, streak, signedToday, today, nextAward: signInAward(streak + 1), days };
}

/** The user's ledger, newest first. */
export async function ledgerPage(db: Sql, userId: string, paging: Paging): Promise<PageOf<PointsLedgerRow>> {
  const rows = await db.query<{ id: unknown; delta: unknown; balance: unknown; reason: string; created_at: unknown }>(
    `SELECT id, delta, balance, reason, created_at FROM portal_points_ledger WHERE user_id = $1
      ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, paging.pageSize, paging.offset],
  );
  const [count] = await db.query<{ n: unknown }>('SELECT count(*) AS n FROM portal_points_ledger WHERE user_id = $1', [
    userId,
  ]);
  return {
    rows: rows.map((r) => ({
      id: String(toNumber(r.id)),
      delta: toNumber(r.delta),
      balance: toNumber(r.balance),
      reason: r.reason,
      createdAt: toNumber(r.created_at),
    })),
    total: toNumber(count?.n),
  };
}

interface PointsRow {
  balance: unknown;
  streak: unknown;
  last_signed: string | null;
}

interface Held {
  balance: number;
  streak: number;
  lastSigned: string | null;
}

/** The user's points row, created if missing, locked until the transaction ends. */
async function lockPoints(tx: Sql, userId: string): Promise<Held> {
  await tx.query('INSERT INTO portal_points (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [userId]);
  const [row] = await tx.query<PointsRow>(
    'SELECT balance, streak, last_signed FROM portal_points WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  return toHeld(row);
}

function toHeld(row: PointsRow | undefined): Held {
  return { balance: toNumber(row?.balance), streak: toNumber(row?.streak), lastSigned: row?.last_signed ?? null };
}

async function recordChange(
  tx: Sql,
  userId: string,
  before: number,
  delta: number,
  reason: string,
  ref: string,
  now: number,
): Promise<number | null> {
  const balance = before + delta;
  if (balance < 0) throw new PortalError(PortalCode.ERROR, '积分不足');
  const inserted = await tx.query(
    `INSERT INTO portal_points_ledger (user_id, delta, balance, reason, ref, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, ref) DO NOTHING RETURNING id`,
    [userId, delta, balance, reason, ref, now],
  );
  if (inserted.length === 0) return null;
  await tx.query('UPDATE portal_points SET balance = $2 WHERE user_id = $1', [userId, balance]);
  return balance;
}

/** The `count` days ending with `today`, oldest first. */
function lastDays(today: string, count: number): string[] {
  const days = [today];
  while (days.length < count) days.unshift(previousDate(days[0] as string));
  return days;
}
