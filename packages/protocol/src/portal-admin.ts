/**
 * Platform administration and platform content as the portal API carries them
 * (docs/portal-api.md "Administration and platform content"): reviews of beta and enterprise
 * applications, home advertisement slots and education videos.
 */
import type { EnterpriseMaterial } from './portal';

/** A review's state: 0 awaiting review, 1 approved, 2 rejected. */
export type ReviewStatus = 0 | 1 | 2;
export const ReviewStatus = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;

export const ADMIN_LIMITS = {
  rejectReason: 200,
  keyword: 50,
  adTitle: 50,
  adLink: 500,
  videoTitle: 100,
  videoUrl: 500,
  /** Seconds: a day is more than any lesson. */
  videoDurationMax: 86_400,
} as const;

/** An admin's decision; a rejection needs a reason the applicant is shown. */
export interface ReviewDecision {
  approve: boolean;
  reason?: string;
}

/** A beta application in the admin's review list. */
export interface BetaApplication {
  userId: string;
  nickName: string;
  /** Masked: 138****0001. */
  mobile: string;
  /** Milliseconds since the epoch; null for an account made a beta user without applying. */
  appliedAt: number | null;
  status: ReviewStatus;
  /** '' unless rejected. */
  rejectReason: string;
  reviewedAt: number | null;
}

/** Enterprise material in the admin's review list, with a licence link signed for that admin. */
export interface EnterpriseApplication {
  userId: string;
  nickName: string;
  mobile: string;
  enterprise: EnterpriseMaterial;
  reviewedAt: number | null;
}

/** What the applicant learns of their own beta application. */
export interface BetaReview {
  /** As PersonInfo.betaStatus: null not applied (or rejected), false awaiting review, true approved. */
  betaStatus: boolean | null;
  /** The reason of the last rejection while the user has not applied again; else ''. */
  rejectReason: string;
  reviewedAt: number | null;
}

/** Where an advertisement shows. */
export type AdvertisementSlot = 'home_banner' | 'home_strip' | 'manage_home';
export const ADVERTISEMENT_SLOTS: ReadonlyArray<{ value: AdvertisementSlot; label: string }> = [
  { value: 'home_banner', label: '首页轮播' },
  { value: 'home_strip', label: '首页通栏' },
  { value: 'manage_home', label: '管理首页' },
];

/** An advertisement as the public home page shows it. */
export interface PublicAdvertisement {
  id: string;
  slot: AdvertisementSlot;
  title: string;
  /** Where the picture is served. */
  imageUrl: string;
  /** http(s) address or a site path starting with '/'; '' for no link. */
  link: string;
}

export interface AdvertisementForm {
  slot: AdvertisementSlot;
  title: string;
  /** The stored file name of an uploaded picture (`common/upload`). */
  image: string;
  link: string;
  /** Smaller first. */
  sortOrder: number;
  enabled: boolean;
}

export interface Advertisement extends PublicAdvertisement, AdvertisementForm {
  createdAt: number;
}

export interface EducationVideoForm {
  title: string;
  /** The stored file name of an uploaded cover picture. */
  cover: string;
  /** An http(s) address of the video, or a site path starting with '/'. */
  videoUrl: string;
  durationS: number;
}

export interface EducationVideo extends EducationVideoForm {
  id: string;
  /** Where the cover is served. */
  coverUrl: string;
  createdAt: number;
}
