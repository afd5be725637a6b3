/**
 * The management centre's data board, statistics and needs (seeking) as the portal API carries
 * them (docs/portal-api.md "Data board, statistics and needs"). Every figure is counted from
 * stored rows when asked. "This week" is the 7 calendar days in Asia/Shanghai ending today.
 */

/** `GET /portal/self/center/data/board`: the acting enterprise at a glance. */
export interface DataBoard {
  /** Abilities not in the recycle bin, and those of them published. */
  abilityTotal: number;
  abilityPublished: number;
  /** Views of the company page and its abilities: today (Asia/Shanghai) and this week. */
  viewsToday: number;
  viewsWeek: number;
  /** Accounts following the enterprise. */
  followers: number;
  /** Collections of the enterprise's abilities. */
  collections: number;
  /** Cooperation requests addressed to the enterprise: waiting for an answer, and all. */
  cooperationWaiting: number;
  cooperationTotal: number;
  /** Open needs of others matching the enterprise's published abilities, not yet marked. */
  newNeeds: number;
}

/** One category with how many of the enterprise's abilities it holds (every category, zero-filled). */
export interface CategoryCount {
  categoryId: number;
  categoryName: string;
  /** Abilities not in the recycle bin. */
  total: number;
  published: number;
}

/** `GET /portal/supply/chain/statistics`: the whole platform. */
export interface PlatformTotals {
  /** Approved enterprises. */
  enterprises: number;
  publishedAbilities: number;
  cooperationRequests: number;
  openNeeds: number;
}

/** `GET /portal/supply/chain/new/statistics`: what arrived on the platform this week. */
export interface NewThisWeek {
  abilities: number;
  enterprises: number;
  needs: number;
}

/** A row of `ability/top/ten/statistics`: the enterprise's most viewed abilities. */
export interface TopAbility {
  /** A bigint, as a string. */
  id: string;
  productName: string;
  views: number;
}

/** A row of `keywords/top/ten/statistics`: the portal's most searched keywords, last 30 days. */
export interface TopKeyword {
  keyword: string;
  count: number;
}

/** `week/chart/statistics/data`: 7 days in Asia/Shanghai, oldest first, zero-filled. */
export interface WeekChart {
  /** 'YYYY-MM-DD'. */
  days: string[];
  views: number[];
  follows: number[];
  cooperations: number[];
  collections: number[];
}

/** What an enterprise did with a pushed need: 0 new, 1 interested, 2 ignored. */
export type NeedMark = 0 | 1 | 2;
export const NeedMark = { NEW: 0, INTERESTED: 1, IGNORED: 2 } as const;

/** A need's own state: 0 open, 1 closed. */
export type NeedStatus = 0 | 1;
export const NeedStatus = { OPEN: 0, CLOSED: 1 } as const;

export const NEED_LIMITS = { titleMin: 2, title: 50, content: 500 } as const;

interface NeedBase {
  /** A bigint, as a string. */
  id: string;
  title: string;
  content: string;
  categoryId: number;
  categoryName: string;
  status: NeedStatus;
  /** ms since the epoch. */
  createdAt: number;
}

/** One of my published abilities a pushed need matches, with my mark for it. */
export interface MyMatchingAbility {
  id: string;
  productName: string;
  mark: NeedMark;
}

/** A row of `seekingMe`: someone else's need in a category where I publish abilities. */
export interface PushedNeed extends NeedBase {
  /** The publisher's enterprise name (or nickname when not an enterprise). */
  publisherName: string;
  /** Interested if any of my abilities is; else ignored if any is; else new. */
  mark: NeedMark;
  abilities: MyMatchingAbility[];
}

/** A published ability of another enterprise that matches my need. */
export interface MatchingAbility {
  id: string;
  productName: string;
  enterpriseName: string;
  /** Its owner marked my need interesting for this ability. */
  interested: boolean;
}

/** A row of `meSeeking`: my need and the published abilities matching it. */
export interface MyNeed extends NeedBase {
  matchCount: number;
  /** The first few matches, interested ones first. */
  matches: MatchingAbility[];
}

/** `POST /portal/self/center/meSeeking`. */
export interface NeedForm {
  title: string;
  categoryId: number;
  content?: string;
}

/** `POST /portal/self/center/seekingMeStatus`; without productId, every matching ability of mine. */
export interface SeekingMeMark {
  needId: string;
  productId?: string;
  status: NeedMark;
}

/** `POST /portal/self/center/meSeekingStatus`: close (1) or reopen (0) my need. */
export interface MeSeekingStatus {
  needId: string;
  status: NeedStatus;
}
