import type { SubAccount, SubAccountAbility, SubAccountCreate, SubAccountUpdate } from '@liaison/protocol';
import { encryptSm4 } from '../crypto/sm4';
import { portalKey } from './auth';
import { request } from './client';
import type { Page } from './page';
import type { Envelope } from './types';

/** An enterprise's sub-accounts (docs/portal-api.md "Sub-accounts, company page and industry chains"). */
const BASE = '/portal/supply/chain/sub/account';

export interface SubAccountQuery {
  pageNum: number;
  pageSize: number;
  loginName?: string;
  nick?: string;
}

export function fetchSubAccounts(query: SubAccountQuery): Promise<Envelope<Page<SubAccount>>> {
  return request({ url: `${BASE}/list`, params: { ...query } });
}

/** The enterprise's abilities, marked granted to the sub-account (none for a new one). */
export function fetchGrantableAbilities(subAccountId?: string): Promise<Envelope<SubAccountAbility[]>> {
  return request({ url: `${BASE}/permission/abilities`, params: { subAccountId } });
}

/** The password is sealed with the portal key, as the login form seals it. */
export async function createSubAccount(body: SubAccountCreate): Promise<Envelope<{ id: string }>> {
  const password = encryptSm4(body.password, await portalKey());
  return request({ url: BASE, method: 'POST', data: { ...body, password } });
}

export async function updateSubAccount(body: SubAccountUpdate): Promise<Envelope<null>> {
  const password = body.password ? encryptSm4(body.password, await portalKey()) : undefined;
  return request({ url: `${BASE}/update`, method: 'POST', data: { ...body, password } });
}

export function deleteSubAccount(id: string): Promise<Envelope<null>> {
  return request({ url: `${BASE}/delete`, method: 'POST', data: { id } });
}
