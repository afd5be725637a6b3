/**
 * The portal's one search over abilities, enterprises, experts and news (issue 15; docs/portal-api.md
 * "Portal search"). Keywords are separated by spaces and all must match ('and'); Chinese matches
 * inside words, as in the chat search.
 */
import type { ArticleSummary, EnterpriseCard, ExpertSummary, PublicAbility } from './portal-catalogue';

export const PORTAL_SEARCH = {
  /** The all-results view shows this many per type (spec portal.md §9). */
  perTypeInAll: 3,
  keywordMax: 50,
  keywordsMax: 5,
  debounceMs: 500,
} as const;

export type PortalSearchType = 'all' | 'ability' | 'enterprise' | 'expert' | 'news';

/**
 * Where the keywords matched in a field: [start, end) UTF-16 offsets into that field's text,
 * so the page highlights without matching again.
 */
export type Highlights = Record<string, [number, number][]>;

export interface Hit<T> {
  item: T;
  highlights: Highlights;
}

export interface PortalSearchSection<T> {
  total: number;
  hits: Hit<T>[];
}

/**
 * `GET /portal/search?keyword&type&pageNum&pageSize` (login required, spec §4 gated path).
 * type 'all': each section holds its first `perTypeInAll` hits; otherwise only that type's
 * section is filled (a page of it) and the others are `{ total, hits: [] }`.
 * Each search is logged for the keyword statistics.
 */
export interface PortalSearchResult {
  keywords: string[];
  ability: PortalSearchSection<PublicAbility>;
  enterprise: PortalSearchSection<EnterpriseCard>;
  expert: PortalSearchSection<ExpertSummary>;
  news: PortalSearchSection<ArticleSummary>;
}
