import type { PortalAccountKind } from './portal-permissions';

/**
 * The portal REST API's data shapes (docs/portal-api.md), shared by the server that answers
 * and the web app that asks. Every answer is an envelope; these are its `data`.
 */

/** The `{code, msg, data}` envelope every portal answer carries (spec portal.md §7). */
export interface PortalEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** userType: 0 registered, 1 real-name verified person, 2 enterprise. */
export type PortalUserType = 0 | 1 | 2;

/** Enterprise material status: 0 pending, 1 approved, 2 rejected. */
export type EnterpriseStatus = 0 | 1 | 2;

export interface EnterpriseMaterial {
  enterpriseName: string;
  creditCode: string;
  legalPerson: string;
  contactPhone: string;
  address: string;
  /** The stored file name of the licence (a private upload). */
  businessLicense: string;
  /**
   * A link to open the licence, signed for whoever asked (its owner or a reviewing admin) and
   * valid for minutes; present where the material is shown, not where it is only summarised.
   */
  businessLicenseUrl?: string;
  /** The licence's file name as uploaded, so its owner sees the name they know; with the owner's read only. */
  businessLicenseName?: string;
  status: EnterpriseStatus;
  /** '' unless rejected. */
  rejectReason: string;
  /** Milliseconds since the epoch. */
  submittedAt: number;
}

/**
 * The logged-in person as `GET /portal/self/center/info` describes them (spec portal.md §3). A
 * sub-account acts for its enterprise: it carries the enterprise's verification and beta (userType
 * 2, its status, realPersonAuthStatus 1, betaStatus, aiStatus) and has nothing of its own to verify.
 */
export interface PersonInfo {
  userId: string;
  loginName: string;
  nickName: string;
  /** Masked: 138****0001. */
  mobile: string;
  avatar: string;
  userType: PortalUserType;
  /** Enterprise: 0 pending, 1 approved, 2 rejected; 0 otherwise. */
  status: EnterpriseStatus;
  realPersonAuthStatus: 0 | 1;
  /** Masked, '' if none. */
  realName: string;
  /** null: not applied; false: applied and awaiting review; true: approved. */
  betaStatus: boolean | null;
  aiStatus: boolean;
  /** The account's own material; null for a sub-account (its enterprise's is its parent's). */
  enterprise: EnterpriseMaterial | null;
  /** Who the account is: the web leads an administrator to its review screens and asks a sub-account to verify nothing. */
  accountKind: PortalAccountKind;
  /** The approved enterprise the account acts for (its own, or a sub-account's parent's); '' if none. */
  enterpriseName: string;
}

export interface PermissionSet {
  roles: string[];
  permissions: string[];
}

export interface ImCredentials {
  canConnect: boolean;
  sdkAppID: number;
  userID: string;
  userSig: string;
}

export interface Todo {
  connectMeCount: number;
}

export interface Captcha {
  id: string;
  /** A data: URL of the captcha picture. */
  verifyCode: string;
}

export interface TokenData {
  token: string;
}

/**
 * `POST /portal/login/wechat/callback`: a token when the WeChat account is bound to a portal
 * account; otherwise a pending key that SMS login or registration (`wechatKey`) binds.
 */
export type WechatCallbackData = TokenData | { wechatKey: string; nickname: string };

/** The password rule of registration and sub-accounts: 8–20 printable characters, letters and digits. */
export const PORTAL_PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]{8,20}$/;
export const PORTAL_PASSWORD_RULE_TEXT = '密码长度为8-20位，且须同时包含字母和数字';

export interface ClientConfig {
  sm4Key: string;
  /** SMS login and registration are on (PORTAL_SMS_LOGIN). */
  smsLogin: boolean;
  /** WeChat login is configured (WECHAT_APP_ID and WECHAT_APP_SECRET); the icon shows only then. */
  wechatLogin: boolean;
  /** The site's ICP filing number (PORTAL_ICP), shown in the footer; '' when none is set. */
  icp: string;
}

/** `POST /common/upload` answers outside `data`. */
export interface UploadResult {
  code: number;
  msg: string;
  fileName: string;
  url: string;
}
