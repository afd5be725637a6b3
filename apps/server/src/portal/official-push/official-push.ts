import type { OfficialPush, OfficialPushAdminRow } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { escapeLike } from '../../im/search/cursor';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';

/**
 * Official pushes (platform announcements): admins publish them to every user; each user's read
 * marks are their own rows (docs/portal-api.md "Cooperation, follows and official pushes").
 */

export async function listPushes(
  db: Sql,
  userId: string,
  readed: boolean | null,
  paging: Paging,
): Promise<PageOf<OfficialPush>> {
  const condition = readed === null ? 'true' : readed ? 'r.push_id IS NOT NULL' : 'r.push_id IS NULL';
  const from = `FROM portal_official_pushes o
    LEFT JOIN portal_official_push_reads r ON r.push_id = o.id AND r.user_id = $1`;
  const [count] = await db.query<{ total: unknown }>(`SELECT count(*) AS total ${from} WHERE ${condition}`, [userId]);
  const rows = await db.query<PushRow & { read_at: unknown }>(
    `SELECT o.id, o.title, o.content, o.created_at, r.read_at ${from} WHERE ${condition}
      ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3`,
    [userId, paging.pageSize, paging.offset],
  );
  return { rows: rows.map((r) => toPush(r, r.read_at !== null)), total: toNumber(count?.total) };
}

/** Opens a push: marks it read for this user and answers it. */
export async function readPush(db: Sql, userId: string, id: string): Promise<OfficialPush> {
  if (!/^\d{1,18}$/.test(id)) throw new PortalError(PortalCode.NOT_FOUND);
  const [row] = await db.query<PushRow>(
    'SELECT id, title, content, created_at FROM portal_official_pushes WHERE id = $1',
    [id],
  );
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
  await db.query(
    'INSERT INTO portal_official_push_reads (user_id, push_id, read_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [userId, id, Date.now()],
  );
  return toPush(row, true);
}

export async function publishPush(db: Sql, adminId: string, title: string, content: string): Promise<string> {
  const [row] = await db.query<{ id: unknown }>(
    'INSERT INTO portal_official_pushes (title, content, published_by, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [title, content, adminId, Date.now()],
  );
  return String(toNumber(row?.id));
}

export async function listPushesForAdmin(
  db: Sql,
  title: string,
  paging: Paging,
): Promise<PageOf<OfficialPushAdminRow>> {
  const params: unknown[] = title ? [`%${escapeLike(title)}%`] : [];
  const condition = title ? 'o.title ILIKE $1' : 'true';
  const [count] = await db.query<{ total: unknown }>(
    `SELECT count(*) AS total FROM portal_official_pushes o WHERE ${condition}`,
    params,
  );
  const rows = await db.query<PushRow & { nick_name: string | null; read_count: unknown }>(
    `SELECT o.id, o.title, o.content, o.created_at, a.nick_name,
            (SELECT count(*) FROM portal_official_push_reads r WHERE r.push_id = o.id) AS read_count
       FROM portal_official_pushes o LEFT JOIN portal_accounts a ON a.user_id = o.published_by
      WHERE ${condition} ORDER BY o.created_at DESC, o.id DESC
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, paging.pageSize, paging.offset],
  );
  return {
    rows: rows.map((r) => ({
      id: String(toNumber(r.id)),
      title: r.title,
      content: r.content,
      createdAt: toNumber(r.created_at),
      publishedBy: r.nick_name ?? '',
      readCount: toNumber(r.read_count),
    })),
    total: toNumber(count?.total),
  };
}

export async function deletePush(db: Sql, id: string): Promise<void> {
  if (!/^\d{1,18}$/.test(id)) throw new PortalError(PortalCode.NOT_FOUND);
  const deleted = await db.query('DELETE FROM portal_official_pushes WHERE id = $1 RETURNING id', [id]);
  if (deleted.length === 0) throw new PortalError(PortalCode.NOT_FOUND);
}

interface PushRow {
  id: unknown;
  title: string;
  content: string;
  created_at: unknown;
}

function toPush(row: PushRow, readed: boolean): OfficialPush {
  return {
    id: String(toNumber(row.id)),
    title: row.title,
    content: row.content,
    createdAt: toNumber(row.created_at),
    readed,
  };
}
