/**
 * Cooperation requests, follows, collections, views and official pushes as the portal API carries
 * them (docs/portal-api.md "Cooperation, follows and official pushes"), shared by the server and
 * the web app.
 */

/** 0 waiting, 1 agreed, 2 refused. */
export type ApplyStatus = 0 | 1 | 2;
export const ApplyStatus = { WAITING: 0, AGREED: 1, REFUSED: 2 } as const;

export const COOPERATION_LIMITS = {
  message: 500,
  subject: 60,
  contactName: 30,
} as const;

/** `POST /portal/supply/chain/apply/cooperation`. */
export interface CooperationApply {
  /** The ability asked about (a bigint, as a string or number). */
  productId: string;
  message: string;
  contactName: string;
  contactPhone: string;
  /** Defaults to the ability's name. */
  subject?: string;
}

/** A row of `other/to/me/connect` (received) and `me/to/other/connect` (sent). */
export interface CooperationRequest {
  id: string;
  productId: string | null;
  /** '' when the ability is gone. */
  productName: string;
  subject: string;
  message: string;
  contactName: string;
  contactPhone: string;
  applyStatus: ApplyStatus;
  /** The addressed enterprise has opened it. */
  readed: boolean;
  /** The requester has seen the answer (true while waiting). */
  fromReaded: boolean;
  /** The other party: the requester in the received list, the enterprise in the sent list. */
  otherUserId: string;
  otherUserName: string;
  /** '' when the other party is not an approved enterprise. */
  otherEnterpriseName: string;
  /** ms since the epoch. */
  createdAt: number;
  handledAt: number | null;
}

/** What agree/refuse answer: the request as it is now and, once agreed, the chat to open. */
export interface CooperationAnswer {
  request: CooperationRequest;
  /** 'C2C<otherUserId>' once agreed; null otherwise. */
  conversationID: string | null;
}

/** `POST /portal/supply/chain/apply/cooperation/connect`. */
export interface ConnectResult {
  userID: string;
  conversationID: string;
}

/** A row of `follow/page`: an enterprise the user follows. */
export interface FollowedEnterprise {
  userId: string;
  nickName: string;
  enterpriseName: string;
  followedAt: number;
}

/** A row of `collection/page`: an ability the user collected. */
export interface CollectedAbility {
  productId: string;
  productName: string;
  summary: string;
  cover: string;
  categoryName: string;
  ownerId: string;
  enterpriseName: string;
  /** 1 published; anything else: no longer on show. */
  status: number;
  collectedAt: number;
}

/** A row of `view/me/info`: who looked at my company page or one of my abilities. */
export interface ViewRecord {
  id: string;
  /** null: a visitor (not logged in). */
  viewerId: string | null;
  /** '访客' for a visitor. */
  viewerName: string;
  viewerEnterpriseName: string;
  /** null: the company page. */
  productId: string | null;
  productName: string;
  viewedAt: number;
}

/** `POST /portal/supply/chain/view`: a company page (`ownerId`) or an ability (`productId`). */
export interface ViewRecordRequest {
  ownerId?: string;
  productId?: string;
}

export const OFFICIAL_PUSH_LIMITS = { title: 60, content: 2000 } as const;

/** A row of `official/push/info`. */
export interface OfficialPush {
  id: string;
  title: string;
  content: string;
  createdAt: number;
  readed: boolean;
}

/** A row of the admin's `system/official/push` list. */
export interface OfficialPushAdminRow {
  id: string;
  title: string;
  content: string;
  createdAt: number;
  publishedBy: string;
  readCount: number;
}
