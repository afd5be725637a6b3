import type {
  EnterpriseProfile,
  HomeData,
  PortalSearchResult,
  PortalSearchType,
  ProductListQuery,
  PublicAbility,
  PublicAbilityDetail,
} from '@liaison/protocol';
import { request } from './client';
import type { Page, PageQuery } from './page';
import type { Envelope } from './types';

/** The public catalogue and the portal search (docs/portal-api.md "Public portal", "Portal search"). */
const CHAIN = '/portal/supply/chain';

export function fetchHome(): Promise<Envelope<HomeData>> {
  return request({ url: '/portal/home' });
}

/** Published abilities by category, keywords, enterprise or chain; a query, so never a duplicate submission. */
export function fetchPublicAbilities(query: ProductListQuery & PageQuery): Promise<Envelope<Page<PublicAbility>>> {
  const { pageNum, pageSize, ...filter } = query;
  return request({
    url: '/portal/product/list/query',
    method: 'POST',
    params: { pageNum, pageSize },
    data: filter,
    repeatSubmit: false,
  });
}

/** Login required (a gated page); reading counts a view. */
export function fetchAbilityDetail(id: string): Promise<Envelope<PublicAbilityDetail>> {
  return request({ url: `${CHAIN}/ability/${encodeURIComponent(id)}` });
}

/** Login required (a gated page); reading counts a view of the company page. */
export function fetchEnterpriseProfile(userId: string): Promise<Envelope<EnterpriseProfile>> {
  return request({ url: `${CHAIN}/extend/info/${encodeURIComponent(userId)}` });
}

export function hasFollowed(userId: string): Promise<Envelope<boolean>> {
  return request({ url: `${CHAIN}/has/follow/${encodeURIComponent(userId)}` });
}

/** True once I contacted the enterprise or asked it for a cooperation. */
export function hasConnected(userId: string): Promise<Envelope<boolean>> {
  return request({ url: `${CHAIN}/has/connect/${encodeURIComponent(userId)}` });
}

export function hasCollected(productId: string): Promise<Envelope<boolean>> {
  return request({ url: `/portal/product/has/collection/${encodeURIComponent(productId)}` });
}

export function collectAbility(productId: string): Promise<Envelope<boolean>> {
  return request({ url: `/portal/product/collection/${encodeURIComponent(productId)}` });
}

export interface PortalSearchQuery extends PageQuery {
  keyword: string;
  type: PortalSearchType;
}

/** Login required (a gated page); each search counts for the keyword statistics. */
export function searchPortal(query: PortalSearchQuery): Promise<Envelope<PortalSearchResult>> {
  return request({ url: '/portal/search', params: { ...query } });
}
