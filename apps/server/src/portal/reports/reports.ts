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
    `SELECT id, reporter_id, category, target_url, content, contact, status, created_at FROM portal_reports
      WHERE ($1::smallint IS NULL OR status = $1) ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
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
    })),
    total: toNumber(count?.n),
  };
}

/** Marks a report handled (again is no change); false when there is no such report. */
export async function markHandled(db: Sql, id: string): Promise<boolean> {
  const rows = await db.query('UPDATE portal_reports SET status = 1 WHERE id = $1 RETURNING id', [id]);
  return rows.length === 1;
}
