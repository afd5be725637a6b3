import type { AiReference } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { PUBLISHED, VISIBLE_ENTERPRISES } from '../catalogue/visibility';

/**
 * What the assistant looks up on the portal before asking the model: items the public may see,
 * best first. A question's words rarely all appear in one item, so an item matching any keyword
 * counts, ranked by how many it matches (unlike the search page, where all must match).
 */
export type PortalReferenceSearch = (db: Sql, keywords: readonly string[], limit: number) => Promise<AiReference[]>;

/** Published abilities (name, summary, keywords, enterprise) and the enterprises (name, abilities) of visible enterprises. */
export const searchPortalReferences: PortalReferenceSearch = async (db, keywords, limit) => {
  if (keywords.length === 0 || limit <= 0) return [];
  const params = keywords.map((keyword) => keyword.toLowerCase());
  const score = (text: string) =>
    params.map((_, i) => `(CASE WHEN strpos(lower(${text}), $${i + 1}) > 0 THEN 1 ELSE 0 END)`).join(' + ');
  const limitParam = `$${params.length + 1}`;
  const abilities = await db.query<{ id: unknown; product_name: string }>(
    `SELECT id, product_name FROM (
       SELECT p.id, p.product_name, p.published_at,
              ${score(`p.product_name || ' ' || p.keywords || ' ' || p.summary || ' ' || e.enterprise_name`)} AS score
         FROM portal_products p JOIN ${VISIBLE_ENTERPRISES} e ON e.user_id = p.owner_id
        WHERE ${PUBLISHED}) found
      WHERE score > 0 ORDER BY score DESC, published_at DESC NULLS LAST, id DESC LIMIT ${limitParam}`,
    [...params, limit],
  );
  const abilityText = `(SELECT string_agg(p.product_name || ' ' || p.keywords, ' ') FROM portal_products p
                         WHERE p.owner_id = e.user_id AND ${PUBLISHED})`;
  const enterprises = await db.query<{ user_id: string; enterprise_name: string }>(
    `SELECT user_id, enterprise_name FROM (
       SELECT e.user_id, e.enterprise_name,
              ${score(`e.enterprise_name || ' ' || coalesce(${abilityText}, '')`)} AS score
         FROM ${VISIBLE_ENTERPRISES} e) found
      WHERE score > 0 ORDER BY score DESC, enterprise_name LIMIT ${limitParam}`,
    [...params, limit],
  );
  // Abilities first; enterprises keep up to a third of the places.
  const enterpriseShare = Math.min(enterprises.length, Math.max(1, Math.floor(limit / 3)));
  return [
    ...abilities.slice(0, limit - enterpriseShare).map(
      (row): AiReference => ({
        type: 'ability',
        id: String(toNumber(row.id)),
        title: row.product_name,
        path: `/supplyDetail?id=${toNumber(row.id)}`,
      }),
    ),
    ...enterprises.map(
      (row): AiReference => ({
        type: 'enterprise',
        id: row.user_id,
        title: row.enterprise_name,
        path: `/companyMainPage?id=${encodeURIComponent(row.user_id)}`,
      }),
    ),
  ].slice(0, limit);
};
