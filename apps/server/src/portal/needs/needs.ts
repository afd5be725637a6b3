import type {
  MatchingAbility,
  MyMatchingAbility,
  MyNeed,
  NeedForm,
  NeedMark,
  NeedStatus,
  PushedNeed,
  SeekingMeMark,
} from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { PortalCode, PortalError } from '../envelope';
import type { PageOf, Paging } from '../paging';

/**
 * Needs (seeking): what an enterprise looks for, matched by category against the published
 * abilities of the others (docs/portal-api.md "Data board, statistics and needs"). A need is
 * pushed to every other enterprise that publishes an ability in its category; each marks it per
 * ability (new, interested, ignored). Marks are kept under the enterprise, not the sub-account.
 */

/** How many matching abilities a row of `meSeeking` lists; `matchCount` tells the rest. */
export const MATCHES_SHOWN = 5;

export async function createNeed(db: Sql, ownerId: string, form: NeedForm, now: number): Promise<string> {
  const [category] = await db.query('SELECT 1 FROM portal_product_categories WHERE id = $1', [form.categoryId]);
  if (!category) throw new PortalError(PortalCode.ERROR, '需求类别不存在');
  const [row] = await db.query<{ id: unknown }>(
    `INSERT INTO portal_needs (owner_id, category_id, title, content, status, created_at)
     VALUES ($1, $2, $3, $4, 0, $5) RETURNING id`,
    [ownerId, form.categoryId, form.title, form.content ?? '', now],
  );
  return String(toNumber(row?.id));
}

/** Removes one of the owner's needs (and the marks on it); anyone else's answers 404. */
export async function deleteNeed(db: Sql, ownerId: string, needId: string): Promise<void> {
  const rows = await db.query('DELETE FROM portal_needs WHERE id = $1 AND owner_id = $2 RETURNING id', [
    needId,
    ownerId,
  ]);
  if (rows.length === 0) throw new PortalError(PortalCode.NOT_FOUND);
}

/** Closes or reopens one of the owner's needs; anyone else's answers 404. */
export async function setNeedStatus(db: Sql, ownerId: string, needId: string, status: NeedStatus): Promise<void> {
  const rows = await db.query('UPDATE portal_needs SET status = $3 WHERE id = $1 AND owner_id = $2 RETURNING id', [
    needId,
    ownerId,
    status,
  ]);
  if (rows.length === 0) throw new PortalError(PortalCode.NOT_FOUND);
}

/**
 * `seekingMe`: others' needs in the categories of my published abilities, in one tab of my marks.
 * New ones are only the open needs; interested and ignored ones stay listed once closed.
 */
export async function pushedNeeds(
  db: Sql,
  enterpriseId: string,
  tab: NeedMark,
  paging: Paging,
): Promise<PageOf<PushedNeed>> {
  const [count] = await db.query<{ n: unknown }>(
    `${PUSHED_NEEDS} SELECT count(*) AS n FROM pushed WHERE mark = $2 AND (mark <> 0 OR status = 0)`,
    [enterpriseId, tab],
  );
  const rows = await db.query<NeedRow & { mark: unknown; publisher_name: string }>(
    `${PUSHED_NEEDS}
     SELECT p.id, p.title, p.content, p.category_id, c.name AS category_name, p.status, p.created_at, p.mark,
            coalesce(e.enterprise_name, a.nick_name, '') AS publisher_name
       FROM pushed p
       JOIN portal_product_categories c ON c.id = p.category_id
       LEFT JOIN portal_enterprise_auth e ON e.user_id = p.owner_id AND e.status = 1
       LEFT JOIN portal_accounts a ON a.user_id = p.owner_id
      WHERE p.mark = $2 AND (p.mark <> 0 OR p.status = 0)
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT $3 OFFSET $4`,
    [enterpriseId, tab, paging.pageSize, paging.offset],
  );
  const abilities = await myMatchingAbilities(
    db,
    enterpriseId,
    rows.map((row) => String(toNumber(row.id))),
  );
  return {
    total: toNumber(count?.n),
    rows: rows.map((row) => ({
      ...toNeed(row),
      publisherName: row.publisher_name,
      mark: toNumber(row.mark) as NeedMark,
      abilities: abilities.get(String(toNumber(row.id))) ?? [],
    })),
  };
}

/** Open needs of others matching my published abilities that I have not marked yet (the data board). */
export async function countNewPushedNeeds(db: Sql, enterpriseId: string): Promise<number> {
  const [row] = await db.query<{ n: unknown }>(
    `${PUSHED_NEEDS} SELECT count(*) AS n FROM pushed WHERE mark = 0 AND status = 0`,
    [enterpriseId],
  );
  return toNumber(row?.n);
}

/** `meSeeking`: my open (tab 0) or closed (tab 1) needs, each with the published abilities matching it. */
export async function myNeeds(db: Sql, ownerId: string, tab: NeedStatus, paging: Paging): Promise<PageOf<MyNeed>> {
  const [count] = await db.query<{ n: unknown }>(
    'SELECT count(*) AS n FROM portal_needs WHERE owner_id = $1 AND status = $2',
    [ownerId, tab],
  );
  const rows = await db.query<NeedRow & { match_count: unknown }>(
    `SELECT n.id, n.title, n.content, n.category_id, c.name AS category_name, n.status, n.created_at,
            (SELECT count(*) FROM portal_products p
              WHERE p.category_id = n.category_id AND p.owner_id <> n.owner_id AND p.status = 1
                AND p.deleted_at IS NULL) AS match_count
       FROM portal_needs n JOIN portal_product_categories c ON c.id = n.category_id
      WHERE n.owner_id = $1 AND n.status = $2
      ORDER BY n.created_at DESC, n.id DESC
      LIMIT $3 OFFSET $4`,
    [ownerId, tab, paging.pageSize, paging.offset],
  );
  const matches = await matchingAbilities(
    db,
    rows.map((row) => String(toNumber(row.id))),
  );
  return {
    total: toNumber(count?.n),
    rows: rows.map((row) => ({
      ...toNeed(row),
      matchCount: toNumber(row.match_count),
      matches: matches.get(String(toNumber(row.id))) ?? [],
    })),
  };
}

/**
 * `seekingMeStatus`: marks a need pushed to me, for one of my matching published abilities or,
 * without productId, for all of them. A need not pushed to me, or an ability not mine and
 * matching, answers 404: the same as one that does not exist.
 */
export async function markPushedNeed(db: Database, enterpriseId: string, mark: SeekingMeMark, now: number) {
  await db.transaction(async (tx) => {
    const [need] = await tx.query<{ status: unknown }>(
      'SELECT status FROM portal_needs WHERE id = $1 AND owner_id <> $2',
      [mark.needId, enterpriseId],
    );
    const matching = need
      ? await tx.query<{ id: unknown }>(
          `SELECT p.id FROM portal_products p JOIN portal_needs n ON n.category_id = p.category_id
            WHERE n.id = $1 AND p.owner_id = $2 AND p.status = 1 AND p.deleted_at IS NULL
              AND ($3::bigint IS NULL OR p.id = $3::bigint)`,
          [mark.needId, enterpriseId, mark.productId ?? null],
        )
      : [];
    if (!need || matching.length === 0) throw new PortalError(PortalCode.NOT_FOUND);
    if (toNumber(need.status) !== 0) throw new PortalError(PortalCode.ERROR, '该需求已关闭');
    await tx.query(
      `INSERT INTO portal_need_marks (user_id, need_id, product_id, status, updated_at)
       SELECT $1, $2, unnest($3::bigint[]), $4, $5
       ON CONFLICT (user_id, need_id, product_id) DO UPDATE SET status = EXCLUDED.status, updated_at = EXCLUDED.updated_at`,
      [enterpriseId, mark.needId, matching.map((row) => String(toNumber(row.id))), mark.status, now],
    );
  });
}

interface NeedRow {
  id: unknown;
  title: string;
  content: string;
  category_id: unknown;
  category_name: string;
  status: unknown;
  created_at: unknown;
}

/**
 * Needs pushed to $1: others' needs in a category where $1 publishes an ability, with $1's mark:
 * interested if any of its abilities is, else ignored if any is, else new.
 */
const PUSHED_NEEDS = `
  WITH my_categories AS (
    SELECT DISTINCT category_id FROM portal_products WHERE owner_id = $1 AND status = 1 AND deleted_at IS NULL
  ), marks AS (
    SELECT need_id, CASE WHEN bool_or(status = 1) THEN 1 WHEN bool_or(status = 2) THEN 2 ELSE 0 END AS mark
      FROM portal_need_marks WHERE user_id = $1 GROUP BY need_id
  ), pushed AS (
    SELECT n.*, coalesce(m.mark, 0) AS mark
      FROM portal_needs n
      JOIN my_categories mc ON mc.category_id = n.category_id
      LEFT JOIN marks m ON m.need_id = n.id
     WHERE n.owner_id <> $1
  )`;

function toNeed(row: NeedRow) {
  return {
    id: String(toNumber(row.id)),
    title: row.title,
    content: row.content,
    categoryId: toNumber(row.category_id),
    categoryName: row.category_name,
    status: toNumber(row.status) as NeedStatus,
    createdAt: toNumber(row.created_at),
  };
}

/** My published abilities matching each need, with my mark for each. */
async function myMatchingAbilities(
  db: Sql,
  enterpriseId: string,
  needIds: string[],
): Promise<Map<string, MyMatchingAbility[]>> {
  const rows = await db.query<{ need_id: unknown; id: unknown; product_name: string; mark: unknown }>(
    `SELECT n.id AS need_id, p.id, p.product_name, coalesce(k.status, 0) AS mark
       FROM portal_needs n
       JOIN portal_products p ON p.category_id = n.category_id AND p.owner_id = $1 AND p.status = 1
                             AND p.deleted_at IS NULL
       LEFT JOIN portal_need_marks k ON k.user_id = $1 AND k.need_id = n.id AND k.product_id = p.id
      WHERE n.id = ANY($2::bigint[])
      ORDER BY p.id`,
    [enterpriseId, needIds],
  );
  return groupByNeed(rows, (row) => ({
    id: String(toNumber(row.id)),
    productName: row.product_name,
    mark: toNumber(row.mark) as NeedMark,
  }));
}

/** Others' published abilities matching each of my needs: the first few, interested ones first. */
async function matchingAbilities(db: Sql, needIds: string[]): Promise<Map<string, MatchingAbility[]>> {
  const rows = await db.query<{
    need_id: unknown;
    id: unknown;
    product_name: string;
    enterprise_name: string;
    interested: boolean;
  }>(
    `SELECT need_id, id, product_name, enterprise_name, interested FROM (
       SELECT n.id AS need_id, p.id, p.product_name, coalesce(e.enterprise_name, a.nick_name, '') AS enterprise_name,
              EXISTS (SELECT 1 FROM portal_need_marks k
                       WHERE k.need_id = n.id AND k.product_id = p.id AND k.user_id = p.owner_id AND k.status = 1)
                AS interested,
              row_number() OVER (PARTITION BY n.id ORDER BY
                EXISTS (SELECT 1 FROM portal_need_marks k
                         WHERE k.need_id = n.id AND k.product_id = p.id AND k.user_id = p.owner_id AND k.status = 1)
                DESC, p.published_at DESC NULLS LAST, p.id DESC) AS place
         FROM portal_needs n
         JOIN portal_products p ON p.category_id = n.category_id AND p.owner_id <> n.owner_id AND p.status = 1
                               AND p.deleted_at IS NULL
         LEFT JOIN portal_enterprise_auth e ON e.user_id = p.owner_id AND e.status = 1
         LEFT JOIN portal_accounts a ON a.user_id = p.owner_id
        WHERE n.id = ANY($1::bigint[])
     ) ranked WHERE place <= $2 ORDER BY need_id, place`,
    [needIds, MATCHES_SHOWN],
  );
  return groupByNeed(rows, (row) => ({
    id: String(toNumber(row.id)),
    productName: row.product_name,
    enterpriseName: row.enterprise_name,
    interested: row.interested === true,
  }));
}

function groupByNeed<Row extends { need_id: unknown }, T>(rows: Row[], map: (row: Row) => T): Map<string, T[]> {
  const byNeed = new Map<string, T[]>();
  for (const row of rows) {
    const key = String(toNumber(row.need_id));
    const list = byNeed.get(key) ?? [];
    list.push(map(row));
    byNeed.set(key, list);
  }
  return byNeed;
}
