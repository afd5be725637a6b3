import type { AdminIndustryChain, AdminIndustryChainRow, IndustryChainForm } from '@liaison/protocol';
import { request } from './client';
import type { Page, PageQuery } from './page';
import type { Envelope } from './types';

/**
 * The platform admin's industry chains and the enterprises placed in their segments
 * (docs/portal-api.md "Industry-chain administration").
 */
const ADMIN = '/portal/admin/industry';

export interface AdminChainQuery extends PageQuery {
  keyword?: string | undefined;
}

export function fetchAdminChains(query: AdminChainQuery): Promise<Envelope<Page<AdminIndustryChainRow>>> {
  return request({ url: `${ADMIN}/chain/list`, params: { ...query } });
}

export function fetchAdminChain(id: string): Promise<Envelope<AdminIndustryChain>> {
  return request({ url: `${ADMIN}/chain/${encodeURIComponent(id)}` });
}

export function createChain(form: IndustryChainForm): Promise<Envelope<{ id: string }>> {
  return request({ url: `${ADMIN}/chain`, method: 'POST', data: form });
}

/** Segments left out of the form are deleted with their enterprises' places. */
export function updateChain(id: string, form: IndustryChainForm): Promise<Envelope<null>> {
  return request({ url: `${ADMIN}/chain/${encodeURIComponent(id)}`, method: 'PUT', data: form });
}

export function deleteChain(id: string): Promise<Envelope<null>> {
  return request({ url: `${ADMIN}/chain/${encodeURIComponent(id)}`, method: 'DELETE' });
}

export function placeEnterprise(segmentId: string, userId: string): Promise<Envelope<null>> {
  return request({ url: `${ADMIN}/segment/member`, method: 'POST', data: { segmentId, userId } });
}

export function removeEnterprise(segmentId: string, userId: string): Promise<Envelope<null>> {
  const path = `${encodeURIComponent(segmentId)}/member/${encodeURIComponent(userId)}`;
  return request({ url: `${ADMIN}/segment/${path}`, method: 'DELETE' });
}
