import type {
  CompanyPageSettings,
  CompanyPageUpdate,
  IndustryChain,
  IndustryMember,
  Partner,
  PartnerCreate,
} from '@liaison/protocol';
import { request } from './client';
import type { Page } from './page';
import type { Envelope } from './types';

/** The company page, partners and industry chains (docs/portal-api.md "Sub-accounts, company page and industry chains"). */
const SUPPLY = '/portal/supply/chain';
const PERSONAL = '/portal/self/center/personal';

export function fetchCompanyPage(): Promise<Envelope<CompanyPageSettings>> {
  return request({ url: `${SUPPLY}/main/page` });
}

export function saveCompanyPage(body: CompanyPageUpdate): Promise<Envelope<null>> {
  return request({ url: `${SUPPLY}/update/main/page`, method: 'POST', data: body });
}

export function setPhonePublic(isPublic: boolean): Promise<Envelope<null>> {
  return request({ url: `${PERSONAL}/${isPublic ? 'enable' : 'disable'}/public/phone` });
}

export function fetchPartners(pageNum: number, pageSize: number): Promise<Envelope<Page<Partner>>> {
  return request({ url: `${PERSONAL}/partners`, params: { pageNum, pageSize } });
}

export function addPartner(body: PartnerCreate): Promise<Envelope<{ id: string }>> {
  return request({ url: `${PERSONAL}/partners`, method: 'POST', data: body });
}

export function deletePartner(id: string): Promise<Envelope<null>> {
  return request({ url: `${PERSONAL}/partners/delete`, method: 'POST', data: { id } });
}

/** The chains with my enterprise's segments marked. */
export function fetchMyIndustryChains(): Promise<Envelope<IndustryChain[]>> {
  return request({ url: `${SUPPLY}/industry/chains` });
}

export function fetchSegmentMembers(
  segmentId: string,
  pageNum: number,
  pageSize: number,
): Promise<Envelope<Page<IndustryMember>>> {
  return request({ url: '/portal/industry/segment/members', params: { segmentId, pageNum, pageSize } });
}

export function joinSegment(segmentId: string): Promise<Envelope<null>> {
  return request({ url: `${SUPPLY}/industry/join`, method: 'POST', data: { segmentId } });
}

export function leaveSegment(segmentId: string): Promise<Envelope<null>> {
  return request({ url: `${SUPPLY}/industry/leave`, method: 'POST', data: { segmentId } });
}
