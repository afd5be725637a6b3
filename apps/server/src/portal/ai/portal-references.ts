import { type AiReference, PORTAL_SEARCH, type PortalSearchResult } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { firstRows } from '../catalogue/public-paging';
import { portalSearch } from '../portal-search/portal-search';

/**
 * What the assistant looks up on the portal before asking the model, through the portal's one
 * search (what /search's 'all' view shows, not logged: the user did not type these keywords).
 * First all the question's keywords; since they rarely all appear in one item, then each keyword
 * alone, the most specific (fewest hits) first, until `limit` distinct items are found.
 */
export async function portalReferences(
  db: Sql,
  userId: string,
  keywords: readonly string[],
  limit: number,
): Promise<AiReference[]> {
  if (keywords.length === 0 || limit <= 0) return [];
  const search = (words: readonly string[]) =>
    portalSearch(
      db,
      userId,
      { keywords: words, type: 'all', paging: firstRows(PORTAL_SEARCH.perTypeInAll) },
      { isLogged: false },
    );
  const found = new Map<string, AiReference>();
  const take = (result: PortalSearchResult) => {
    for (const reference of referencesIn(result)) {
      if (found.size >= limit) return;
      found.set(`${reference.type}:${reference.id}`, reference);
    }
  };
  take(await search(keywords));
  if (found.size >= limit || keywords.length === 1) return [...found.values()];
  const singles: PortalSearchResult[] = [];
  for (const keyword of keywords) singles.push(await search([keyword]));
  // Stable sort: keywords as specific as each other keep the question's order.
  for (const result of singles.sort((a, b) => hitCount(a) - hitCount(b))) take(result);
  return [...found.values()];
}

/**
 * The abilities, then the enterprises. Not experts or news: their pages need the beta (spec §4),
 * and someone with only the AI permission could not open such a link.
 */
function referencesIn(result: PortalSearchResult): AiReference[] {
  return [
    ...result.ability.hits.map(({ item }) => reference('ability', item.id, item.productName, '/supplyDetail')),
    ...result.enterprise.hits.map(({ item }) =>
      reference('enterprise', item.userId, item.enterpriseName, '/companyMainPage'),
    ),
  ];
}

/** The portal page of one item (spec portal.md §2 routes). */
function reference(type: AiReference['type'], id: string, title: string, page: string): AiReference {
  return { type, id, title, path: `${page}?id=${encodeURIComponent(id)}` };
}

function hitCount(result: PortalSearchResult): number {
  return result.ability.total + result.enterprise.total;
}
