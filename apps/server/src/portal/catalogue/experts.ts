import type { ExpertDetail, ExpertSummary } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';
import { pageRows, SqlFilter } from './sql-filter';

/** The expert library: platform content, written by administrators. */

export interface ExpertFilter {
  /** '' : every field; otherwise the field exactly (the page's field tabs). */
  field: string;
  keywords: readonly string[];
  /** 'relevance': all keywords in the name first (the portal search); else the platform's order. */
  sort: 'order' | 'relevance';
}

export const EXPERT_SEARCH_FIELDS = ['name', 'field', 'organisation', 'summary'] as const;

export interface ExpertValues {
  name: string;
  title: string;
  organisation: string;
  field: string;
  avatar: string;
  summary: string;
  introduction: string;
  achievements: string[];
  phone: string;
  email: string;
  userId: string | null;
  sortOrder: number;
}

export async function listExperts(db: Sql, filter: ExpertFilter, paging: Paging): Promise<PageOf<ExpertSummary>> {
  const where = new SqlFilter().matchAll(filter.keywords, ['x.name', 'x.field', 'x.organisation', 'x.summary']);
  if (filter.field) where.where(`x.field = ${where.param(filter.field)}`);
  const byOrder = 'x.sort_order, x.id';
  const order = filter.sort === 'relevance' ? where.matchesFirst('x.name', byOrder) : byOrder;
  const page = await pageRows<ExpertRow>(db, where, { select: COLUMNS, from: 'FROM portal_experts x', order }, paging);
  return { rows: page.rows.map(toSummary), total: page.total };
}

/** One expert; the contact details only for a logged-in reader. */
export async function expertDetail(db: Sql, id: string, isLoggedIn: boolean): Promise<ExpertDetail> {
  const [row] = await db.query<
    ExpertRow & { introduction: string; achievements: unknown; phone: string; email: string; user_id: string | null }
  >(
    `SELECT ${COLUMNS}, x.introduction, x.achievements, x.phone, x.email, a.user_id
       FROM portal_experts x
       LEFT JOIN portal_accounts a ON a.user_id = x.user_id AND NOT a.disabled
      WHERE x.id = $1`,
    [id],
  );
  if (!row) throw new PortalError(PortalCode.NOT_FOUND);
  return {
    ...toSummary(row),
    introduction: row.introduction,
    // jsonb arrives parsed from PGlite and pg alike.
    achievements: Array.isArray(row.achievements) ? row.achievements.map(String) : [],
    contact: isLoggedIn ? { phone: row.phone, email: row.email } : null,
    userId: row.user_id,
  };
}

export async function createExpert(db: Sql, values: ExpertValues, now = Date.now()): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO portal_experts (name, title, organisation, field, avatar, summary, introduction, achievements, phone,
                                 email, user_id, sort_order, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13) RETURNING id::text AS id`,
    [...valueList(values), now],
  );
  return (row as { id: string }).id;
}

/** False when there is no such expert. */
export async function updateExpert(db: Sql, id: string, values: ExpertValues): Promise<boolean> {
  const rows = await db.query(
    `UPDATE portal_experts SET name = $1, title = $2, organisation = $3, field = $4, avatar = $5, summary = $6,
            introduction = $7, achievements = $8::jsonb, phone = $9, email = $10, user_id = $11, sort_order = $12
      WHERE id = $13 RETURNING id`,
    [...valueList(values), id],
  );
  return rows.length === 1;
}

export async function deleteExpert(db: Sql, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM portal_experts WHERE id = $1 RETURNING id', [id])).length === 1;
}

const COLUMNS = 'x.id::text AS id, x.name, x.title, x.organisation, x.field, x.avatar, x.summary';

interface ExpertRow {
  id: string;
  name: string;
  title: string;
  organisation: string;
  field: string;
  avatar: string;
  summary: string;
}

function toSummary(row: ExpertRow): ExpertSummary {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    organisation: row.organisation,
    field: row.field,
    avatar: row.avatar,
    summary: row.summary,
  };
}

function valueList(values: ExpertValues): unknown[] {
  return [
    values.name,
    values.title,
    values.organisation,
    values.field,
    values.avatar,
    values.summary,
    values.introduction,
    JSON.stringify(values.achievements),
    values.phone,
    values.email,
    values.userId,
    values.sortOrder,
  ];
}
