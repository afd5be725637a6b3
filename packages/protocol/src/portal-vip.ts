/**
 * VIP membership, points and the daily sign-in as the portal API carries them
 * (docs/portal-api.md "VIP, points and sign-in"). Money is in fen, times in ms since the epoch.
 */

/** `GET /portal/self/center/vip/info`: my membership and my points balance. */
export interface VipInfo {
  /** The type last bought; null if never a member. */
  vipType: number | null;
  /** Its name ('月度会员' …), '' if never a member. */
  name: string;
  /** When the membership ends; null if never a member. */
  expiresAt: number | null;
  /** Whether it has not ended yet. */
  active: boolean;
  points: number;
}

/** `GET /portal/self/center/vip/info` as the membership page reads it. */
export interface VipCentreInfo extends VipInfo {
  /** Whether QR payment works here: false where no payment provider is configured (points still pay). */
  qrPayAvailable: boolean;
}

/** One entry of `GET /portal/self/center/vip/price`. */
export interface VipPrice {
  vipType: number;
  name: string;
  /** Days of membership one purchase adds. */
  days: number;
  priceFen: number;
  /** The price when paid with points. */
  points: number;
  benefits: string[];
}

/** 0 waiting for payment, 1 paid, 2 closed (not paid in time). */
export type VipOrderStatus = 0 | 1 | 2;
export const VipOrderStatus = { WAITING: 0, PAID: 1, CLOSED: 2 } as const;

export type VipPayMethod = 'points' | 'qr';

export interface VipOrder {
  orderNumber: string;
  vipType: number;
  /** The type's name, '' if the type was taken off the price list. */
  name: string;
  payMethod: VipPayMethod;
  amountFen: number;
  points: number;
  status: VipOrderStatus;
  createdAt: number;
  paidAt: number | null;
  /** When an unpaid order closes. */
  expiresAt: number;
}

/** `POST /portal/self/center/personal/charge/vip/pay/qr?vipType=`: a waiting order to scan and pay. */
export interface VipQrPayment {
  orderNumber: string;
  /** A PNG data URL of the QR code encoding `payUrl`. */
  qrCode: string;
  payUrl: string;
  /** Who collects the money; 'dev': the offline development provider, nothing is charged. */
  provider: string;
  /** In fen. */
  amount: number;
  expiresAt: number;
}

/** `GET /portal/self/center/integral/charge/vip/{type}`: the paid order and the membership after it. */
export interface VipPointsCharge {
  order: VipOrder;
  vip: VipInfo;
}

/** One day of the sign-in strip, 'YYYY-MM-DD' in Asia/Shanghai. */
export interface SignInDay {
  day: string;
  signed: boolean;
  /** Points that day's sign-in awarded (0 if not signed). */
  points: number;
}

/** `GET /portal/self/center/points/info`. */
export interface PointsInfo {
  balance: number;
  /** Consecutive days signed in up to today or yesterday; 0 after a missed day. */
  streak: number;
  signedToday: boolean;
  /** Today in Asia/Shanghai. */
  today: string;
  /** What signing in next (today, or tomorrow if already done) awards. */
  nextAward: number;
  /** The last 7 days, oldest first, ending today. */
  days: SignInDay[];
}

/** `POST /portal/self/center/sign-in/per/day`. */
export interface SignInResult {
  /** False when today was signed already (nothing awarded). */
  isNew: boolean;
  points: number;
  streak: number;
  balance: number;
}

/** A row of `GET /portal/self/center/points/ledger`. */
export interface PointsLedgerRow {
  /** A bigint, as a string. */
  id: string;
  delta: number;
  /** The balance after this change. */
  balance: number;
  reason: string;
  createdAt: number;
}
