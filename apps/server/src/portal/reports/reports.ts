import type { ReportCategory, ReportRow, ReportStatus } from '@liaison/protocol';
import { type Sql, toNumber } from '../../db/database';
import type { PageOf, Paging } from '../paging';

export interface ReportInput {
  category: ReportCategory;
  targetUrl: string;
  content: string;
  contact: string;
}

interface Row {
  id: unknown;
  reporter_id: string | null;
  category: string;
  target_url: string;
  content: string;
  contact: string;
  status: unknown;
  created_at: unknown;
  result: string;
  handled_at: unknown;
  handler_name: string | null;
}

/** Stores a report (reporter null: a visitor) and answers its number. */
export async function createReport(
  db: Sql,
  reporterId: string | null,
  input: ReportInput,
  now: number,
): Promise<string> {
  const [row] = await db.query<{ id: unknown }>(
    `INSERT INTO portal_reports (reporter_id, category, target_url, content, contact, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [reporterId, input.category, input.targetUrl, input.content, input.contact, now],
  );
  return String(toNumber(row?.id));
}

/** Reports for the administrators, newest first, optionally of one status. */
export async function reportsPage(
  db: Sql,
  status: ReportStatus | undefined,
  paging: Paging,
): Promise<PageOf<ReportRow>> {
  const rows = await db.query<Row>(
    `SELECT r.id, r.reporter_id, r.category, r.target_url, r.content, r.contact, r.status, r.created_at, r.result,
            r.handled_at, a.nick_name AS handler_name
       FROM portal_reports r LEFT JOIN portal_accounts a ON a.user_id = r.handled_by
      WHERE ($1::smallint IS NULL OR r.status = $1) ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
    [status ?? null, paging.pageSize, paging.offset],
  );
  const [count] = await db.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM portal_reports WHERE ($1::smallint IS NULL OR status = $1)',
    [status ?? null],
  );
  return {
    rows: rows.map((r) => ({
      id: String(toNumber(r.id)),
      category: r.category,
      targetUrl: r.target_url,
      content: r.content,
      contact: r.contact,
      reporterId: r.reporter_id,
      status: toNumber(r.status) as ReportStatus,
      createdAt: toNumber(r.created_at),
      result: r.result,
      handledAt: r.handled_at === null ? null : toNumber(r.handled_at),
      handlerName: r.handler_name ?? '',
    })),
    total: toNumber(count?.n),
  };
}

/**
 * Marks a new report handled by `adminId` with the result note. Null: no such report; false: it
 * was handled already (the first handling, and its note, stand).
 */
export async function markHandled(
  db: Sql,
  id: string,
  adminId: string,
  result: string,
  now: number,
): Promise<boolean | null> {
  const handled = await db.query(
    `UPDATE portal_reports SET status = 1, result = $2, handled_at = $3, handled_by = $4
      WHERE id = $1 AND status = 0 RETURNING id`,
    [id, result, now, adminId],
  );
  if (handled.length === 1) return true;
  return (await db.query('SELECT 1 FROM portal_reports WHERE id = $1', [id])).length === 1 ? false : null;
}
