import { CATALOGUE_LIMITS, type HomeData, type PlatformFigures } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { listArticles } from './articles';
import { listClusters } from './clusters';
import { listExperts } from './experts';
import { featuredAbilities } from './public-abilities';
import { firstRows } from './public-paging';
import { PUBLISHED, VISIBLE_ENTERPRISES } from './visibility';

/** The advertisement slot of the home page's carousel (see admin/content-routes.ts). */
const BANNER_SLOT = 'home_banner';

/** Everything the home page shows, in one answer; each list holds at most `homeItems`. */
export async function homeData(db: Sql, now = Date.now()): Promise<HomeData> {
  const count = CATALOGUE_LIMITS.homeItems;
  const latest = (kind: 'news' | 'release') =>
    listArticles(db, { kind, keywords: [], sort: 'latest' }, firstRows(count)).then((page) => page.rows);
  return {
    banners: await banners(db, count),
    featuredAbilities: await featuredAbilities(db, count, now),
    clusters: await listClusters(db, count),
    releases: await latest('release'),
    news: await latest('news'),
    experts: (await listExperts(db, { field: '', keywords: [], sort: 'order' }, firstRows(count))).rows,
    chains: await chains(db),
    figures: await platformFigures(db),
  };
}

/** Counted from rows: visible enterprises and their published abilities, agreed cooperation, experts. */
export async function platformFigures(db: Sql): Promise<PlatformFigures> {
  const [row] = await db.query<Record<keyof PlatformFigures, unknown>>(
    `SELECT (SELECT count(*) FROM ${VISIBLE_ENTERPRISES} e) AS enterprises,
            (SELECT count(*) FROM portal_products p JOIN ${VISIBLE_ENTERPRISES} e ON e.user_id = p.owner_id
              WHERE ${PUBLISHED}) AS abilities,
            (SELECT count(*) FROM portal_cooperation_requests WHERE apply_status = 1) AS cooperations,
            (SELECT count(*) FROM portal_experts) AS experts`,
  );
  return {
    enterprises: toNumber(row?.enterprises),
    abilities: toNumber(row?.abilities),
    cooperations: toNumber(row?.cooperations),
    experts: toNumber(row?.experts),
  };
}

async function banners(db: Sql, count: number): Promise<HomeData['banners']> {
  const rows = await db.query<{ id: string; title: string; image: string; link: string }>(
    `SELECT id::text AS id, title, image, link FROM portal_advertisements
      WHERE enabled AND slot = $1 ORDER BY sort_order, id LIMIT $2`,
    [BANNER_SLOT, count],
  );
  return rows.map((row) => ({ id: row.id, title: row.title, image: row.image, link: row.link }));
}

/** Each chain with its number of segments and of distinct visible enterprises placed in it. */
async function chains(db: Sql): Promise<HomeData['chains']> {
  const rows = await db.query<{ id: string; name: string; segment_count: unknown; member_count: unknown }>(
    `SELECT ch.id::text AS id, ch.name,
            (SELECT count(*) FROM portal_industry_segments s WHERE s.chain_id = ch.id) AS segment_count,
            (SELECT count(DISTINCT m.user_id) FROM portal_industry_members m
               JOIN portal_industry_segments s ON s.id = m.segment_id
               JOIN ${VISIBLE_ENTERPRISES} e ON e.user_id = m.user_id
              WHERE s.chain_id = ch.id) AS member_count
       FROM portal_industry_chains ch ORDER BY ch.sort_order, ch.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    segmentCount: toNumber(row.segment_count),
    memberCount: toNumber(row.member_count),
  }));
}
