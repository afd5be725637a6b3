import type {
  CategoryCount,
  DataBoard,
  NewThisWeek,
  PlatformTotals,
  TopAbility,
  TopKeyword,
  WeekChart,
} from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { countNewPushedNeeds } from '../needs/needs';
import {
  DAY_MS,
  lastSevenDays,
  SHANGHAI_OFFSET_MS,
  shanghaiDate,
  shanghaiDay,
  shanghaiDayStart,
} from '../shanghai-day';

/**
 * The data board and the statistics page (docs/portal-api.md "Data board, statistics and needs"),
 * counted from the stored rows on every request: views, follows, collections, cooperation
 * requests, searches, abilities and needs. "This week" is the 7 Asia/Shanghai days ending today.
 */

export const TOP_LIMIT = 10;
export const KEYWORD_WINDOW_DAYS = 30;

export async function dataBoard(db: Sql, enterpriseId: string, now: number): Promise<DataBoard> {
  const today = shanghaiDay(now);
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT
       (SELECT count(*) FROM portal_products WHERE owner_id = $1 AND deleted_at IS NULL) AS ability_total,
       (SELECT count(*) FROM portal_products WHERE owner_id = $1 AND deleted_at IS NULL AND status = 1)
         AS ability_published,
       (SELECT count(*) FROM portal_views WHERE owner_id = $1 AND created_at >= $2 AND created_at < $4) AS views_today,
       (SELECT count(*) FROM portal_views WHERE owner_id = $1 AND created_at >= $3 AND created_at < $4) AS views_week,
       (SELECT count(*) FROM portal_follows WHERE target_id = $1) AS followers,
       (SELECT count(*) FROM portal_collections c JOIN portal_products p ON p.id = c.product_id
         WHERE p.owner_id = $1 AND p.deleted_at IS NULL) AS collections,
       (SELECT count(*) FROM portal_cooperation_requests WHERE to_user = $1 AND apply_status = 0)
         AS cooperation_waiting,
       (SELECT count(*) FROM portal_cooperation_requests WHERE to_user = $1) AS cooperation_total`,
    [enterpriseId, shanghaiDayStart(today), shanghaiDayStart(today - 6), shanghaiDayStart(today + 1)],
  );
  return {
    abilityTotal: toNumber(row?.ability_total),
    abilityPublished: toNumber(row?.ability_published),
    viewsToday: toNumber(row?.views_today),
    viewsWeek: toNumber(row?.views_week),
    followers: toNumber(row?.followers),
    collections: toNumber(row?.collections),
    cooperationWaiting: toNumber(row?.cooperation_waiting),
    cooperationTotal: toNumber(row?.cooperation_total),
    newNeeds: await countNewPushedNeeds(db, enterpriseId),
  };
}

/** The enterprise's abilities per category: every category, in the portal's order, zero-filled. */
export async function abilitiesPerCategory(db: Sql, enterpriseId: string): Promise<CategoryCount[]> {
  const rows = await db.query<{ id: unknown; name: string; total: unknown; published: unknown }>(
    `SELECT c.id, c.name, count(p.id) AS total, count(p.id) FILTER (WHERE p.status = 1) AS published
       FROM portal_product_categories c
       LEFT JOIN portal_products p ON p.category_id = c.id AND p.owner_id = $1 AND p.deleted_at IS NULL
      GROUP BY c.id, c.name, c.sort_order
      ORDER BY c.sort_order, c.id`,
    [enterpriseId],
  );
  return rows.map((row) => ({
    categoryId: toNumber(row.id),
    categoryName: row.name,
    total: toNumber(row.total),
    published: toNumber(row.published),
  }));
}

export async function platformTotals(db: Sql): Promise<PlatformTotals> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT
       (SELECT count(*) FROM portal_enterprise_auth WHERE status = 1) AS enterprises,
       (SELECT count(*) FROM portal_products WHERE status = 1 AND deleted_at IS NULL) AS abilities,
       (SELECT count(*) FROM portal_cooperation_requests) AS cooperations,
       (SELECT count(*) FROM portal_needs WHERE status = 0) AS needs`,
  );
  return {
    enterprises: toNumber(row?.enterprises),
    publishedAbilities: toNumber(row?.abilities),
    cooperationRequests: toNumber(row?.cooperations),
    openNeeds: toNumber(row?.needs),
  };
}

/** Abilities published, enterprises approved and needs posted this week, on the whole platform. */
export async function newThisWeek(db: Sql, now: number): Promise<NewThisWeek> {
  const today = shanghaiDay(now);
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT
       (SELECT count(*) FROM portal_products
         WHERE status = 1 AND deleted_at IS NULL AND published_at >= $1 AND published_at < $2) AS abilities,
       (SELECT count(*) FROM portal_enterprise_auth WHERE status = 1 AND reviewed_at >= $1 AND reviewed_at < $2)
         AS enterprises,
       (SELECT count(*) FROM portal_needs WHERE created_at >= $1 AND created_at < $2) AS needs`,
    [shanghaiDayStart(today - 6), shanghaiDayStart(today + 1)],
  );
  return {
    abilities: toNumber(row?.abilities),
    enterprises: toNumber(row?.enterprises),
    needs: toNumber(row?.needs),
  };
}

/** The enterprise's most viewed abilities (all views on record); ties: the newer ability first. */
export async function topAbilities(db: Sql, enterpriseId: string): Promise<TopAbility[]> {
  const rows = await db.query<{ id: unknown; product_name: string; views: unknown }>(
    `SELECT p.id, p.product_name, count(v.id) AS views
       FROM portal_products p
       JOIN portal_views v ON v.product_id = p.id
      WHERE p.owner_id = $1 AND p.deleted_at IS NULL
      GROUP BY p.id, p.product_name
      ORDER BY views DESC, p.id DESC
      LIMIT $2`,
    [enterpriseId, TOP_LIMIT],
  );
  return rows.map((row) => ({
    id: String(toNumber(row.id)),
    productName: row.product_name,
    views: toNumber(row.views),
  }));
}

/**
 * The portal's most searched keywords in the last 30 days, counted trimmed and case-folded and
 * shown in their most searched spelling; ties alphabetical.
 */
export async function topKeywords(db: Sql, now: number): Promise<TopKeyword[]> {
  const rows = await db.query<{ keyword: string; n: unknown }>(
    `SELECT mode() WITHIN GROUP (ORDER BY btrim(keyword)) AS keyword, count(*) AS n
       FROM portal_search_log
      WHERE created_at > $1 AND created_at <= $2 AND btrim(keyword) <> ''
      GROUP BY lower(btrim(keyword))
      ORDER BY n DESC, lower(btrim(keyword))
      LIMIT $3`,
    [now - KEYWORD_WINDOW_DAYS * DAY_MS, now, TOP_LIMIT],
  );
  return rows.map((row) => ({ keyword: row.keyword, count: toNumber(row.n) }));
}

/** Per Asia/Shanghai day of the last 7: views, new followers, cooperation requests, collections. */
export async function weekChart(db: Sql, enterpriseId: string, now: number): Promise<WeekChart> {
  const days = lastSevenDays(now);
  const from = shanghaiDayStart(days[0] ?? 0);
  const until = shanghaiDayStart((days[6] ?? 0) + 1);
  const rows = await db.query<{ series: string; day: unknown; n: unknown }>(
    `SELECT series, (created_at + $4::bigint) / $5::bigint AS day, count(*) AS n FROM (
        SELECT 'views' AS series, created_at FROM portal_views WHERE owner_id = $1
        UNION ALL SELECT 'follows', created_at FROM portal_follows WHERE target_id = $1
        UNION ALL SELECT 'cooperations', created_at FROM portal_cooperation_requests WHERE to_user = $1
        UNION ALL SELECT 'collections', c.created_at FROM portal_collections c
                   JOIN portal_products p ON p.id = c.product_id WHERE p.owner_id = $1
     ) events
     WHERE created_at >= $2 AND created_at < $3
     GROUP BY series, day`,
    [enterpriseId, from, until, SHANGHAI_OFFSET_MS, DAY_MS],
  );
  const series = (name: string) =>
    days.map((day) => toNumber(rows.find((row) => row.series === name && toNumber(row.day) === day)?.n));
  return {
    days: days.map(shanghaiDate),
    views: series('views'),
    follows: series('follows'),
    cooperations: series('cooperations'),
    collections: series('collections'),
  };
}
