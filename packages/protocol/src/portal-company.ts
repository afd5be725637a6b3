/**
 * The enterprise's company main page, its partners and its places in the industry chains
 * (docs/portal-api.md "Sub-accounts, company page and industry chains").
 */

export const COMPANY_LIMITS = {
  introduction: 2000,
  website: 200,
  partnerName: 50,
  /** Partners one enterprise may show. */
  partners: 30,
  /** Industry segments one enterprise may join. */
  segments: 10,
} as const;

/** `GET /portal/supply/chain/main/page`: my company page settings. */
export interface CompanyPageSettings {
  enterpriseName: string;
  introduction: string;
  /** The stored file name of the banner picture, '' if none. */
  banner: string;
  website: string;
  /** Whether the contact phone is shown on the company page. */
  phonePublic: boolean;
  /** ms since the epoch; null until first saved. */
  updatedAt: number | null;
}

/** `POST /portal/supply/chain/update/main/page`. */
export interface CompanyPageUpdate {
  introduction: string;
  banner: string;
  website: string;
}

export interface Partner {
  id: string;
  name: string;
  /** The stored file name of the logo, '' if none. */
  logo: string;
  createdAt: number;
}

export interface PartnerCreate {
  name: string;
  logo: string;
}

/** 0 upstream, 1 midstream, 2 downstream. */
export type IndustryStage = 0 | 1 | 2;
export const INDUSTRY_STAGES: readonly { stage: IndustryStage; label: string }[] = [
  { stage: 0, label: '上游' },
  { stage: 1, label: '中游' },
  { stage: 2, label: '下游' },
];

export interface IndustrySegment {
  id: string;
  stage: IndustryStage;
  name: string;
  /** Approved enterprises placed in it. */
  memberCount: number;
  /** Whether my enterprise is in it (false for a visitor). */
  joined: boolean;
}

export interface IndustryChain {
  id: string;
  name: string;
  description: string;
  segments: IndustrySegment[];
}

/** A row of `GET /portal/industry/segment/members`. */
export interface IndustryMember {
  userId: string;
  enterpriseName: string;
  /** ms since the epoch. */
  joinedAt: number;
  /** Its newest published abilities, at most `INDUSTRY_LIMITS.memberAbilities`. */
  abilities: { id: string; productName: string }[];
  /** All its published abilities; more than `abilities` holds means the rest are on its company page. */
  abilityCount: number;
}

/** What the platform admin may write into a chain, and what /industry shows per enterprise. */
export const INDUSTRY_LIMITS = {
  chainName: 50,
  description: 500,
  segmentName: 30,
  /** Segments of one chain, all stages together. */
  segments: 30,
  memberAbilities: 5,
} as const;

/** A segment of `IndustryChainForm`: `id` null for a new one; within a stage, the order given is the order shown. */
export interface IndustrySegmentForm {
  id: string | null;
  stage: IndustryStage;
  name: string;
}

/** `POST /portal/admin/industry/chain`, `PUT …/{id}` body: segments left out are deleted with their places. */
export interface IndustryChainForm {
  name: string;
  description: string;
  sortOrder: number;
  segments: IndustrySegmentForm[];
}

/** `GET /portal/admin/industry/chain/{id}`: the chain as its form edits it. */
export interface AdminIndustryChain extends IndustryChainForm {
  id: string;
  segments: (IndustrySegmentForm & { id: string; memberCount: number })[];
}

/** A row of `GET /portal/admin/industry/chain/list`. */
export interface AdminIndustryChainRow {
  id: string;
  name: string;
  description: string;
  sortOrder: number;
  segmentCount: number;
  /** Approved enterprises placed in any of its segments, each counted once. */
  memberCount: number;
}
