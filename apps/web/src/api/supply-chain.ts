import { request } from './client';
import type { EnterpriseMaterial, Envelope } from './types';

const BASE = '/portal/supply/chain';

/** `data` is truthy when the application was recorded. */
export function applyBeta(): Promise<Envelope<boolean | null>> {
  return request({ url: `${BASE}/apply/beta` });
}

export function fetchEnterpriseMaterial(): Promise<Envelope<EnterpriseMaterial | null>> {
  return request({ url: `${BASE}/auth/data` });
}

export type EnterpriseForm = Pick<
  EnterpriseMaterial,
  'enterpriseName' | 'creditCode' | 'legalPerson' | 'contactPhone' | 'address' | 'businessLicense'
>;

/** First submission. */
export function submitEnterpriseMaterial(body: EnterpriseForm): Promise<Envelope<null>> {
  return request({ url: `${BASE}/upload/auth/data`, method: 'POST', data: body });
}

/** Replaces material that is pending or rejected. */
export function editEnterpriseMaterial(body: EnterpriseForm): Promise<Envelope<null>> {
  return request({ url: `${BASE}/edit/auth/data`, method: 'POST', data: body });
}
