import type {
  CategoryCount,
  DataBoard,
  MeSeekingStatus,
  MyNeed,
  NeedForm,
  NewThisWeek,
  PlatformTotals,
  PushedNeed,
  SeekingMeMark,
  TopAbility,
  TopKeyword,
  WeekChart,
} from '@liaison/protocol';
import { request } from './client';
import type { Page } from './page';
import type { Envelope } from './types';

/** The data board, the statistics GETs and need-push (docs/portal-api.md "Data board, statistics and needs"). */
const SELF = '/portal/self/center';
const SUPPLY = '/portal/supply/chain';

export function fetchDataBoard(): Promise<Envelope<DataBoard>> {
  return request({ url: `${SELF}/data/board` });
}

/** Every category, zero-filled: also the list the need form picks from. */
export function fetchAbilitiesPerCategory(): Promise<Envelope<CategoryCount[]>> {
  return request({ url: `${SUPPLY}/ability/statistic` });
}

export function fetchPlatformTotals(): Promise<Envelope<PlatformTotals>> {
  return request({ url: `${SUPPLY}/statistics` });
}

export function fetchNewThisWeek(): Promise<Envelope<NewThisWeek>> {
  return request({ url: `${SUPPLY}/new/statistics` });
}

export function fetchTopAbilities(): Promise<Envelope<TopAbility[]>> {
  return request({ url: `${SELF}/ability/top/ten/statistics` });
}

export function fetchTopKeywords(): Promise<Envelope<TopKeyword[]>> {
  return request({ url: `${SELF}/keywords/top/ten/statistics` });
}

export function fetchWeekChart(): Promise<Envelope<WeekChart>> {
  return request({ url: `${SELF}/week/chart/statistics/data` });
}

export interface NeedQuery {
  tab: number;
  pageNum: number;
  pageSize: number;
}

const query = ({ tab, pageNum, pageSize }: NeedQuery) => `tab=${tab}&pageNum=${pageNum}&pageSize=${pageSize}`;

/** Others' needs matching my published abilities; tab 0 new, 1 interested, 2 ignored. */
export function fetchSeekingMe(params: NeedQuery): Promise<Envelope<Page<PushedNeed>>> {
  return request({ url: `${SELF}/seekingMe?${query(params)}` });
}

/** My needs; tab 0 open, 1 closed. */
export function fetchMeSeeking(params: NeedQuery): Promise<Envelope<Page<MyNeed>>> {
  return request({ url: `${SELF}/meSeeking?${query(params)}` });
}

export function markSeekingMe(body: SeekingMeMark): Promise<Envelope<null>> {
  return request({ url: `${SELF}/seekingMeStatus`, method: 'POST', data: body });
}

export function setMeSeekingStatus(body: MeSeekingStatus): Promise<Envelope<null>> {
  return request({ url: `${SELF}/meSeekingStatus`, method: 'POST', data: body });
}

export function publishNeed(body: NeedForm): Promise<Envelope<{ id: string }>> {
  return request({ url: `${SELF}/meSeeking`, method: 'POST', data: body });
}

export function deleteNeed(id: string): Promise<Envelope<null>> {
  return request({ url: `${SELF}/meSeeking/${id}`, method: 'DELETE' });
}
