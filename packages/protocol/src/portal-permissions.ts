/**
 * The portal's permission strings (spec portal.md §6: hasRole / hasPermi), shared by the server,
 * which refuses an operation without its permission, and the web app, which hides what the user
 * may not do. `GET /portal/self/center/get/permission` returns the set of the logged-in account.
 */
export const PortalPermission = {
  /** See, create, edit, publish and delete abilities (a sub-account: only those granted). */
  PRODUCT_VIEW: 'supply:product:list',
  PRODUCT_EDIT: 'supply:product:edit',
  PRODUCT_ADD: 'supply:product:add',
  PRODUCT_REMOVE: 'supply:product:remove',
  /** Read and answer cooperation requests addressed to the enterprise. */
  COOPERATION_HANDLE: 'supply:cooperation:handle',
  /** Needs pushed to the enterprise and its own. */
  NEED_VIEW: 'supply:need:list',
  STATISTICS_VIEW: 'supply:statistics:list',
  SUB_ACCOUNT_MANAGE: 'supply:subaccount:manage',
  /** Company page, public phone, partners. */
  COMPANY_PAGE_EDIT: 'supply:company:edit',
  VIP_CHARGE: 'self:vip:charge',
  POINTS_SIGN_IN: 'self:points:sign',
  /** Every permission (the platform administrator). */
  ALL: '*:*:*',
} as const;
export type PortalPermission = (typeof PortalPermission)[keyof typeof PortalPermission];

export const PortalRole = {
  ADMIN: 'admin',
  COMMON: 'common',
  ENTERPRISE: 'enterprise',
  SUB_ACCOUNT: 'subaccount',
} as const;

/** Who an account is, as far as permissions go. */
export type PortalAccountKind = 'admin' | 'enterprise' | 'subaccount' | 'person';

const P = PortalPermission;

/** The permissions of each kind of account. */
export const PORTAL_PERMISSIONS: Record<PortalAccountKind, readonly PortalPermission[]> = {
  admin: [P.ALL],
  enterprise: [
    P.PRODUCT_VIEW,
    P.PRODUCT_EDIT,
    P.PRODUCT_ADD,
    P.PRODUCT_REMOVE,
    P.COOPERATION_HANDLE,
    P.NEED_VIEW,
    P.STATISTICS_VIEW,
    P.SUB_ACCOUNT_MANAGE,
    P.COMPANY_PAGE_EDIT,
    P.VIP_CHARGE,
    P.POINTS_SIGN_IN,
  ],
  // A sub-account works on the abilities it was granted, nothing of the enterprise's own.
  subaccount: [P.PRODUCT_VIEW, P.PRODUCT_EDIT],
  person: [P.VIP_CHARGE, P.POINTS_SIGN_IN],
};

/** hasPermi: '*:*:*' passes everything. */
export function hasPortalPermission(granted: readonly string[], wanted: string): boolean {
  return granted.includes(P.ALL) || granted.includes(wanted);
}
