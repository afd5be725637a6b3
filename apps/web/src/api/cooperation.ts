import type {
  ApplyStatus,
  CollectedAbility,
  ConnectResult,
  CooperationAnswer,
  CooperationApply,
  CooperationRequest,
  FollowedEnterprise,
  OfficialPush,
  OfficialPushAdminRow,
  ViewRecord,
} from '@liaison/protocol';
import { request } from './client';
import type { Page, PageQuery } from './page';
import type { Envelope } from './types';

/** Cooperation, follows, collections, views and official pushes (docs/portal-api.md). */
const SELF = '/portal/self/center';
const CHAIN = '/portal/supply/chain';

/** Requests addressed to my enterprise, or those I sent. */
export type CooperationSide = 'received' | 'sent';

export interface CooperationQuery extends PageQuery {
  applyStatus: ApplyStatus | null;
  connectUserName: string;
}

const SIDE_PATH: Record<CooperationSide, string> = {
  received: `${SELF}/other/to/me/connect`,
  sent: `${SELF}/me/to/other/connect`,
};

export function fetchCooperationPage(
  side: CooperationSide,
  query: CooperationQuery,
): Promise<Envelope<Page<CooperationRequest>>> {
  const { applyStatus, ...rest } = query;
  return request({ url: SIDE_PATH[side], params: { ...rest, applyStatus: applyStatus ?? '' } });
}

/** Opens one request and marks it read for my side. */
export function readCooperation(side: CooperationSide, id: string): Promise<Envelope<CooperationRequest>> {
  return request({ url: `${SIDE_PATH[side]}/read/${encodeURIComponent(id)}` });
}

export function agreeCooperation(id: string): Promise<Envelope<CooperationAnswer>> {
  return request({ url: `${SIDE_PATH.received}/agree/${encodeURIComponent(id)}` });
}

export function refuseCooperation(id: string): Promise<Envelope<CooperationAnswer>> {
  return request({ url: `${SIDE_PATH.received}/refuse/${encodeURIComponent(id)}` });
}

export function applyCooperation(body: CooperationApply): Promise<Envelope<CooperationRequest>> {
  return request({ url: `${CHAIN}/apply/cooperation`, method: 'POST', data: body });
}

export function connectEnterprise(target: { userId?: string; productId?: string }): Promise<Envelope<ConnectResult>> {
  return request({ url: `${CHAIN}/apply/cooperation/connect`, method: 'POST', data: target });
}

export function fetchFollowPage(query: PageQuery & { name: string }): Promise<Envelope<Page<FollowedEnterprise>>> {
  return request({ url: `${SELF}/follow/page`, params: { ...query } });
}

export function followEnterprise(userId: string): Promise<Envelope<boolean>> {
  return request({ url: `${CHAIN}/follow/${encodeURIComponent(userId)}` });
}

export function unfollowEnterprise(userId: string): Promise<Envelope<boolean>> {
  return request({ url: `${CHAIN}/cancel/follow/${encodeURIComponent(userId)}` });
}

export function fetchCollectionPage(
  query: PageQuery & { productName: string },
): Promise<Envelope<Page<CollectedAbility>>> {
  return request({ url: `${SELF}/collection/page`, params: { ...query } });
}

export function uncollectAbility(productId: string): Promise<Envelope<boolean>> {
  return request({ url: `/portal/product/cancel/collection/${encodeURIComponent(productId)}` });
}

export function fetchViewsOfMe(query: PageQuery): Promise<Envelope<Page<ViewRecord>>> {
  return request({ url: `${SELF}/view/me/info`, params: { ...query } });
}

export function fetchOfficialPushes(
  query: PageQuery & { readed: boolean | null },
): Promise<Envelope<Page<OfficialPush>>> {
  const { readed, ...rest } = query;
  return request({
    url: `${SELF}/official/push/info`,
    params: { ...rest, readed: readed === null ? '' : readed ? 1 : 0 },
  });
}

export function readOfficialPush(id: string): Promise<Envelope<OfficialPush>> {
  return request({ url: `${SELF}/official/push/info/read/${encodeURIComponent(id)}` });
}

export function fetchOfficialPushesForAdmin(
  query: PageQuery & { title: string },
): Promise<Envelope<Page<OfficialPushAdminRow>>> {
  return request({ url: '/system/official/push', params: { ...query } });
}

export function publishOfficialPush(body: { title: string; content: string }): Promise<Envelope<{ id: string }>> {
  return request({ url: '/system/official/push', method: 'POST', data: body });
}

export function deleteOfficialPush(id: string): Promise<Envelope<null>> {
  return request({ url: `/system/official/push/${encodeURIComponent(id)}`, method: 'DELETE' });
}
