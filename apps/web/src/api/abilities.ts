import type {
  AbilityCategory,
  AbilityDetail,
  AbilityEditForm,
  AbilityForm,
  AbilityStatus,
  AbilitySummary,
} from '@liaison/protocol';
import { request } from './client';
import type { Page } from './page';
import type { Envelope } from './types';

/** The enterprise's abilities in the management centre (docs/portal-api.md "Abilities"). */
const BASE = '/portal/supply/chain';

export interface AbilityQuery {
  pageNum: number;
  pageSize: number;
  productName?: string;
  /** 0: every category. */
  categoryId?: number;
  status?: AbilityStatus;
}

export function fetchCategories(): Promise<Envelope<AbilityCategory[]>> {
  return request({ url: `${BASE}/product/category/list` });
}

export function fetchAbilityPage(query: AbilityQuery): Promise<Envelope<Page<AbilitySummary>>> {
  return request({ url: `${BASE}/product/personal/page`, params: { ...query } });
}

export function fetchAbility(id: string): Promise<Envelope<AbilityDetail>> {
  return request({ url: `${BASE}/detail`, method: 'POST', data: { id }, repeatSubmit: false });
}

export function addAbility(form: AbilityForm): Promise<Envelope<{ id: string }>> {
  return request({ url: `${BASE}/add/product`, method: 'POST', data: form });
}

export function editAbility(form: AbilityEditForm): Promise<Envelope<{ id: string }>> {
  return request({ url: `${BASE}/edit/product`, method: 'POST', data: form });
}

/** Publish (1) or take offline (2). */
export function setAbilityStatus(id: string, status: 1 | 2): Promise<Envelope<null>> {
  return request({ url: `${BASE}/product/personal/status`, method: 'POST', data: { id, status } });
}

export function moveAbilityToRecycleBin(id: string): Promise<Envelope<null>> {
  return request({ url: `${BASE}/product/personal/${encodeURIComponent(id)}`, method: 'DELETE' });
}

export function fetchRecyclePage(query: {
  pageNum: number;
  pageSize: number;
  productName?: string;
}): Promise<Envelope<Page<AbilitySummary>>> {
  return request({ url: `${BASE}/product/personal/recycle/page`, params: { ...query } });
}

export function recoverAbilities(ids: string[]): Promise<Envelope<null>> {
  return request({ url: `${BASE}/product/personal/recover`, method: 'POST', data: { ids } });
}

/** Removes an ability in the recycle bin for good. */
export function removeAbilityForGood(id: string): Promise<Envelope<null>> {
  return request({ url: `${BASE}/product/personal/ensure/${encodeURIComponent(id)}`, method: 'DELETE' });
}
