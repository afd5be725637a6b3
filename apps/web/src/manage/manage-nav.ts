import { PortalPermission, PortalRole } from '@liaison/protocol';
import type { PermissionSet } from '../api/types';
import { hasPermi, hasRole } from '../auth/permissions';

export interface ManageNavEntry {
  key: string;
  label: string;
  /** Shown only to accounts with this role (spec portal.md §6 hasRole). */
  role?: string;
  /** Shown only to accounts with this permission (hasPermi); the server refuses the page's calls anyway. */
  permission?: PortalPermission;
  /**
   * The enterprise's own business: shown only to an account acting for an enterprise. '*:*:*' passes
   * hasPermi (spec §6), yet a platform administrator without an enterprise has no abilities to keep.
   */
  isEnterpriseOnly?: true;
  /** Verification of the account's own: a sub-account's is its enterprise's, so it does not see these. */
  isOwnVerification?: true;
}

/** Spec §2: the management centre's pages, in menu order. */
export const MANAGE_NAV: readonly ManageNavEntry[] = [
  { key: 'home', label: '管理首页' },
  { key: 'abilities', label: '我的能力', permission: PortalPermission.PRODUCT_VIEW, isEnterpriseOnly: true },
  { key: 'need-push', label: '需求推送', permission: PortalPermission.NEED_VIEW, isEnterpriseOnly: true },
  { key: 'integrated', label: '企业集群', permission: PortalPermission.COMPANY_PAGE_EDIT, isEnterpriseOnly: true },
  { key: 'industry', label: '产业链', permission: PortalPermission.COMPANY_PAGE_EDIT, isEnterpriseOnly: true },
  { key: 'message', label: '我的消息' },
  { key: 'statistics', label: '数据统计', permission: PortalPermission.STATISTICS_VIEW },
  { key: 'sub-account', label: '子账号', permission: PortalPermission.SUB_ACCOUNT_MANAGE, isEnterpriseOnly: true },
];

/** Spec §2: the user-centre menu values. */
export const USER_CENTER_MENUS: readonly ManageNavEntry[] = [
  { key: 'person-auth', label: '实名认证', isOwnVerification: true },
  { key: 'enterprise', label: '企业认证', isOwnVerification: true },
  { key: 'cooperation', label: '合作消息' },
  { key: 'follows', label: '关注与收藏' },
  { key: 'official-push', label: '官方推送' },
  { key: 'vip', label: '会员中心', permission: PortalPermission.VIP_CHARGE },
  { key: 'points', label: '积分签到', permission: PortalPermission.POINTS_SIGN_IN },
  { key: 'education', label: '学习视频' },
  { key: 'review', label: '审核管理', role: 'admin' },
  { key: 'content', label: '内容管理', role: 'admin' },
  { key: 'platform-content', label: '平台内容', role: 'admin' },
  { key: 'operations', label: '运营管理', role: 'admin' },
  { key: 'deployment', label: '部署方案', role: 'admin' },
];

/** Whether the menu shows the entry to an account with these roles and permissions. */
export function isNavShown(
  { role, permission, isEnterpriseOnly, isOwnVerification }: ManageNavEntry,
  granted: PermissionSet,
): boolean {
  return (
    (role === undefined || hasRole([role], granted)) &&
    (permission === undefined || hasPermi([permission], granted)) &&
    (!isEnterpriseOnly || actsForEnterprise(granted)) &&
    (!isOwnVerification || !granted.roles.includes(PortalRole.SUB_ACCOUNT))
  );
}

export const USER_CENTER_KEY = 'userCenter';

export interface ManagePlace {
  manageNav: string;
  userCenterComponentKey: string;
}

/**
 * Where a path sits in the management centre: its menu key and, in the user centre, the menu
 * parameter (spec §2: the user-centre menu parameter sets the management navigation).
 */
export function managePlaceFor(path: string): ManagePlace | null {
  const match = /^\/manageCenter\/([^/]+)(?:\/([^/]+))?\/?$/.exec(path);
  if (!match?.[1]) return null;
  if (match[1] === USER_CENTER_KEY) return { manageNav: USER_CENTER_KEY, userCenterComponentKey: match[2] ?? '' };
  return { manageNav: match[1], userCenterComponentKey: '' };
}

/**
 * Whether the account may not see the page at `path`, typed or followed from a link although its
 * menu entry is hidden. Not before the account's roles are known (every account has one): until
 * then the page shows, and the server refuses its calls as ever.
 */
export function isPageBarred(path: string, granted: PermissionSet): boolean {
  const place = managePlaceFor(path);
  if (!place || granted.roles.length === 0) return false;
  const entry =
    place.manageNav === USER_CENTER_KEY
      ? USER_CENTER_MENUS.find(({ key }) => key === place.userCenterComponentKey)
      : MANAGE_NAV.find(({ key }) => key === place.manageNav);
  return entry !== undefined && !isNavShown(entry, granted);
}

/** By the roles as the server gives them, not hasRole: the admin role passes every role check. */
function actsForEnterprise(granted: PermissionSet): boolean {
  return granted.roles.some((role) => role === PortalRole.ENTERPRISE || role === PortalRole.SUB_ACCOUNT);
}
