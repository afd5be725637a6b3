/**
 * Points mall, report centre and the official-service application (issue 15; docs/portal-api.md
 * "Points mall", "Report centre", "Official service").
 */

/** `GET /portal/mall/goods?pageNum&pageSize` row. */
export interface MallGoods {
  id: string;
  name: string;
  image: string;
  description: string;
  pointsCost: number;
  stock: number;
}

export const MALL_LIMITS = { quantityMax: 10, address: 200, remark: 100 } as const;

/** `POST /portal/mall/redeem`. Points come off the ledger; stock never goes below 0. */
export interface MallRedeem {
  goodsId: string;
  quantity: number;
  /** Where to send it; required for physical goods. */
  address?: string;
  remark?: string;
}

/** 0 placed, 1 shipped, 2 cancelled (points refunded). */
export type MallOrderStatus = 0 | 1 | 2;

/** `GET /portal/mall/orders?pageNum&pageSize` row (the caller's own). */
export interface MallOrder {
  id: string;
  goodsId: string;
  goodsName: string;
  image: string;
  quantity: number;
  points: number;
  status: MallOrderStatus;
  address: string;
  createdAt: number;
}

export interface MallRedeemResult {
  order: MallOrder;
  balance: number;
}

export const REPORT_CATEGORIES = ['违法违规', '虚假信息', '侵权', '骚扰诈骗', '其他'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
export const REPORT_LIMITS = { targetUrl: 500, content: 1000, contact: 50, result: 500 } as const;

/** `POST /portal/report` (visitors too, rate-limited). Answers the report's number. */
export interface ReportForm {
  category: ReportCategory;
  targetUrl?: string;
  content: string;
  contact?: string;
}

export const OFFICIAL_SERVICES = ['撮合对接', '供应链金融', '检验检测', '数字化转型咨询', '其他'] as const;
export type OfficialServiceType = (typeof OFFICIAL_SERVICES)[number];
export const OFFICIAL_SERVICE_LIMITS = { company: 100, contactName: 30, content: 1000, note: 500 } as const;

/**
 * Official service application, in three steps (spec §7):
 * `POST /portal/supply/chain/apply/official/service/send/sms/code` {mobileNumber, verifyCode, verifyCodeId}
 * (an image captcha, as for login); `POST .../apply/official/service/check` {mobileNumber, smsVerifyCode}
 * answers `{ ticket }`; `POST .../apply/official/service2` with the form and the ticket.
 */
export interface OfficialServiceForm {
  ticket: string;
  serviceType: OfficialServiceType;
  company: string;
  contactName: string;
  content: string;
}

export interface OfficialServiceTicket {
  ticket: string;
}

// ---- Administration (role admin; docs/portal-api.md "Points mall", "Report centre", "Official service") ----

export const MALL_GOODS_LIMITS = { name: 50, description: 500, pointsCostMax: 1_000_000, stockMax: 100_000 } as const;

/** `POST /system/mall/goods`, `PUT /system/mall/goods/{id}`. */
export interface MallGoodsForm {
  name: string;
  /** The stored name of a public image uploaded through `common/upload`. */
  image: string;
  description: string;
  pointsCost: number;
  stock: number;
  enabled: boolean;
  sortOrder: number;
}

/** `GET /system/mall/goods` row: the goods with what the public list leaves out. */
export interface MallGoodsAdmin extends MallGoods {
  /** The stored name of the picture (the form's `image`); `image` is where it is served. */
  imageFile: string;
  enabled: boolean;
  sortOrder: number;
}

/** `GET /system/mall/orders?status` row: every order, with who placed it. */
export interface MallOrderAdmin extends MallOrder {
  userId: string;
  userName: string;
  remark: string;
}

/** 0 new, 1 handled. */
export type ReportStatus = 0 | 1;

/** `GET /system/report/list?status` row. */
export interface ReportRow {
  id: string;
  category: string;
  targetUrl: string;
  content: string;
  contact: string;
  /** Null: a visitor. */
  reporterId: string | null;
  status: ReportStatus;
  createdAt: number;
  /** The admin's result note; '' while new. */
  result: string;
  /** When it was handled and the handling admin's name; null and '' while new. */
  handledAt: number | null;
  handlerName: string;
}

/** `POST /system/report/{id}/handled`: a new report handled, with what was done. */
export interface ReportHandling {
  result: string;
}

/** 0 new, 1 contacted, 2 closed. */
export type OfficialServiceStatus = 0 | 1 | 2;

/** `GET /system/official/service/list?status` row. */
export interface OfficialServiceApplication {
  id: string;
  /** Null: applied without logging in. */
  userId: string | null;
  mobile: string;
  serviceType: string;
  company: string;
  contactName: string;
  content: string;
  createdAt: number;
  status: OfficialServiceStatus;
  /** The note of the latest follow-up; '' while new. */
  note: string;
  /** When it was last followed up and by which admin (name); null and '' while new. */
  followedAt: number | null;
  followerName: string;
}

/**
 * `POST /system/official/service/{id}/follow-up`: a new application marked contacted, or a new or
 * contacted one closed, with a note.
 */
export interface OfficialServiceFollowUp {
  status: 1 | 2;
  note: string;
}
