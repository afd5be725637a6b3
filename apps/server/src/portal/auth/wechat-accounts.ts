import { createHash, randomBytes } from 'node:crypto';
import type { Database, Sql } from '../../db/database';
import { type AccountRow, findAccount } from '../accounts';
import { PortalCode, PortalError } from '../envelope';
import type { WechatIdentity } from './wechat';

/** How long an unbound WeChat login waits for its account (bind-account mode). */
export const WECHAT_PENDING_TTL_MS = 10 * 60_000;
export const WECHAT_KEY_EXPIRED = '微信授权已过期，请重新扫码登录';

/** The portal account a WeChat identity is bound to, if any (a binding of a deleted account counts as none). */
export async function boundAccount(db: Sql, wechatId: string): Promise<AccountRow | null> {
  const [row] = await db.query<{ user_id: string }>('SELECT user_id FROM portal_wechat_bindings WHERE wechat_id = $1', [
    wechatId,
  ]);
  return row ? findAccount(db, row.user_id) : null;
}

/**
 * Keeps an unbound WeChat login for WECHAT_PENDING_TTL_MS and answers its key (the `wechatKey` of
 * bind-account mode). Only the key's hash is stored.
 */
export async function storePending(db: Sql, identity: WechatIdentity, now: number): Promise<string> {
  const key = randomBytes(24).toString('hex');
  // Expired keys of others go as new ones come, so the table stays small without a timer.
  await db.query('DELETE FROM portal_wechat_pending WHERE expires_at < $1', [now]);
  await db.query(
    'INSERT INTO portal_wechat_pending (wechat_key, wechat_id, nickname, expires_at) VALUES ($1, $2, $3, $4)',
    [hashKey(key), identity.wechatId, identity.nickname, now + WECHAT_PENDING_TTL_MS],
  );
  return key;
}

/** The pending WeChat login a key names; an unknown, used or expired key is refused. */
export async function pendingWechat(db: Sql, key: string, now: number): Promise<WechatIdentity> {
  const [row] = await db.query<{ wechat_id: string; nickname: string }>(
    'SELECT wechat_id, nickname FROM portal_wechat_pending WHERE wechat_key = $1 AND expires_at >= $2',
    [hashKey(key), now],
  );
  if (!row) throw new PortalError(PortalCode.ERROR, WECHAT_KEY_EXPIRED);
  return { wechatId: row.wechat_id, nickname: row.nickname };
}

/** Refuses to bind when either side is bound to someone else already; the same pair again is fine. */
export async function refuseOtherBinding(db: Sql, identity: WechatIdentity, userId: string): Promise<void> {
  const rows = await db.query<{ wechat_id: string; user_id: string }>(
    'SELECT wechat_id, user_id FROM portal_wechat_bindings WHERE wechat_id = $1 OR user_id = $2',
    [identity.wechatId, userId],
  );
  for (const row of rows) {
    if (row.wechat_id === identity.wechatId && row.user_id === userId) continue;
    throw new PortalError(
      PortalCode.ERROR,
      row.user_id === userId ? '该账号已绑定其他微信，请使用原微信登录' : '该微信已绑定其他账号',
    );
  }
}

/**
 * Binds the pending WeChat login to an account and uses the key up, in one transaction: a refusal
 * (key gone, either side bound elsewhere) leaves the key and every binding as they were.
 */
export function bindPendingWechat(db: Database, key: string, userId: string, now: number): Promise<WechatIdentity> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ wechat_id: string; nickname: string }>(
      'DELETE FROM portal_wechat_pending WHERE wechat_key = $1 AND expires_at >= $2 RETURNING wechat_id, nickname',
      [hashKey(key), now],
    );
    if (!row) throw new PortalError(PortalCode.ERROR, WECHAT_KEY_EXPIRED);
    const identity = { wechatId: row.wechat_id, nickname: row.nickname };
    // A binding whose account is gone frees its WeChat identity.
    await tx.query(
      `DELETE FROM portal_wechat_bindings b WHERE b.wechat_id = $1
          AND NOT EXISTS (SELECT 1 FROM portal_accounts a WHERE a.user_id = b.user_id)`,
      [identity.wechatId],
    );
    await refuseOtherBinding(tx, identity, userId);
    const inserted = await tx.query(
      `INSERT INTO portal_wechat_bindings (wechat_id, user_id, nickname, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING wechat_id`,
      [identity.wechatId, userId, identity.nickname, now],
    );
    // Nothing inserted: the same pair exists, or a concurrent bind got there first.
    if (inserted.length === 0) await refuseOtherBinding(tx, identity, userId);
    return identity;
  });
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
