import type { MatchOperations } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { SHANGHAI_OFFSET_MS, shanghaiDateOf } from '../shanghai-day';
import { VISIBLE_ENTERPRISES } from './visibility';

/** How many needs and matches the page lists. */
const LISTED = 20;
/** A requester without an approved enterprise is not named in public. */
const PERSON = '个人用户';

/**
 * The 撮合运营 page: open needs of visible enterprises, the latest agreed cooperation requests
 * (the ability and both parties) and the figures, this month counted in Asia/Shanghai.
 */
export async function matchOperations(db: Sql, now = Date.now()): Promise<MatchOperations> {
  const needs = await db.query<{
    id: string;
    title: string;
    content: string;
    category_name: string;
    enterprise_name: string;
    owner_id: string;
    created_at: unknown;
  }>(
    `SELECT n.id::text AS id, n.title, n.content, k.name AS category_name, e.enterprise_name, n.owner_id, n.created_at
       ${OPEN_NEEDS} ORDER BY n.created_at DESC, n.id DESC LIMIT $1`,
    [LISTED],
  );
  const matches = await db.query<{
    product_id: string;
    product_name: string;
    from_name: string | null;
    to_name: string | null;
    agreed_at: unknown;
  }>(
    `SELECT p.id::text AS product_id, p.product_name, fe.enterprise_name AS from_name, te.enterprise_name AS to_name,
            coalesce(r.handled_at, r.created_at) AS agreed_at
       FROM portal_cooperation_requests r
       JOIN portal_products p ON p.id = r.product_id
       LEFT JOIN ${VISIBLE_ENTERPRISES} fe ON fe.user_id = r.from_user
       LEFT JOIN ${VISIBLE_ENTERPRISES} te ON te.user_id = r.to_user
      WHERE r.apply_status = 1 AND te.user_id IS NOT NULL
      ORDER BY agreed_at DESC, r.id LIMIT $1`,
    [LISTED],
  );
  const [figures] = await db.query<{ open_needs: unknown; this_month: unknown; total: unknown }>(
    `SELECT (SELECT count(*) ${OPEN_NEEDS}) AS open_needs,
            (SELECT count(*) FROM portal_cooperation_requests
              WHERE apply_status = 1 AND coalesce(handled_at, created_at) >= $1) AS this_month,
            (SELECT count(*) FROM portal_cooperation_requests WHERE apply_status = 1) AS total`,
    [shanghaiMonthStart(now)],
  );
  return {
    openNeeds: needs.map((n) => ({
      id: n.id,
      title: n.title,
      content: n.content,
      categoryName: n.category_name,
      enterpriseName: n.enterprise_name,
      ownerId: n.owner_id,
      createdAt: toNumber(n.created_at),
    })),
    recentMatches: matches.map((m) => ({
      productName: m.product_name,
      productId: m.product_id,
      fromEnterprise: m.from_name ?? PERSON,
      toEnterprise: m.to_name ?? '',
      agreedAt: toNumber(m.agreed_at),
    })),
    figures: {
      openNeeds: toNumber(figures?.open_needs),
      agreedThisMonth: toNumber(figures?.this_month),
      agreedTotal: toNumber(figures?.total),
    },
  };
}

const OPEN_NEEDS = `FROM portal_needs n
  JOIN portal_product_categories k ON k.id = n.category_id
  JOIN ${VISIBLE_ENTERPRISES} e ON e.user_id = n.owner_id
 WHERE n.status = 0`;

/** 00:00 on the first day of the moment's month, in Asia/Shanghai. */
function shanghaiMonthStart(now: number): number {
  return Date.parse(`${shanghaiDateOf(now).slice(0, 7)}-01T00:00:00Z`) - SHANGHAI_OFFSET_MS;
}
