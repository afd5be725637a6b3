import {
  PORTAL_SEARCH,
  type PortalSearchResult,
  type PortalSearchSection,
  type PortalSearchType,
} from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { ARTICLE_SEARCH_FIELDS, listArticles } from '../catalogue/articles';
import { ENTERPRISE_SEARCH_FIELDS, listEnterprises } from '../catalogue/enterprises';
import { EXPERT_SEARCH_FIELDS, listExperts } from '../catalogue/experts';
import { ABILITY_SEARCH_FIELDS, listPublicAbilities } from '../catalogue/public-abilities';
import { firstRows } from '../catalogue/public-paging';
import type { PageOf, Paging } from '../paging';
import { highlightsOf } from './highlights';

export interface PortalSearchQuery {
  keywords: readonly string[];
  type: PortalSearchType;
  paging: Paging;
}

export interface PortalSearchOptions {
  /**
   * Whether the search counts in the keyword statistics (default true). The server's own lookups
   * (the AI assistant's references) pass false: the user did not type those keywords.
   */
  isLogged?: boolean;
}

/**
 * The portal's one search (docs/portal-api.md "Portal search") over what the public catalogue
 * shows: abilities, enterprises, experts, and news with releases. 'all' gives the first hits of
 * each type, a type gives a page of it; every section carries its total. A search with keywords
 * is logged for the keyword statistics (keywords/top/ten), as typed, one row per search, unless
 * `isLogged` is false.
 */
export async function portalSearch(
  db: Sql,
  userId: string,
  query: PortalSearchQuery,
  { isLogged = true }: PortalSearchOptions = {},
): Promise<PortalSearchResult> {
  const { keywords } = query;
  const pageOf = (type: Exclude<PortalSearchType, 'all'>): Paging =>
    query.type === 'all' ? firstRows(PORTAL_SEARCH.perTypeInAll) : query.type === type ? query.paging : firstRows(0);
  const ability = await listPublicAbilities(
    db,
    { categoryId: 0, keywords, supplyChainId: null, ownerId: null, sort: 'relevance' },
    pageOf('ability'),
  );
  const enterprise = await listEnterprises(db, { keywords, clusterId: null, sort: 'relevance' }, pageOf('enterprise'));
  const expert = await listExperts(db, { field: '', keywords, sort: 'relevance' }, pageOf('expert'));
  const news = await listArticles(db, { kind: null, keywords, sort: 'relevance' }, pageOf('news'));
  if (isLogged && keywords.length > 0) {
    await db.query('INSERT INTO portal_search_log (keyword, user_id, created_at) VALUES ($1, $2, $3)', [
      keywords.join(' '),
      userId,
      Date.now(),
    ]);
  }
  return {
    keywords: [...keywords],
    ability: section(ability, ABILITY_SEARCH_FIELDS, keywords),
    enterprise: section(enterprise, ENTERPRISE_SEARCH_FIELDS, keywords),
    expert: section(expert, EXPERT_SEARCH_FIELDS, keywords),
    news: section(news, ARTICLE_SEARCH_FIELDS, keywords),
  };
}

function section<T extends object>(
  page: PageOf<T>,
  fields: readonly (keyof T & string)[],
  keywords: readonly string[],
): PortalSearchSection<T> {
  return {
    total: page.total,
    hits: page.rows.map((item) => ({ item, highlights: highlightsOf(item, fields, keywords) })),
  };
}
