export interface ManageNavEntry {
  key: string;
  label: string;
}

/** Spec §2: the management centre's pages, in menu order. */
export const MANAGE_NAV: readonly ManageNavEntry[] = [
  { key: 'home', label: '管理首页' },
  { key: 'abilities', label: '我的能力' },
  { key: 'need-push', label: '需求推送' },
  { key: 'integrated', label: '企业集群' },
  { key: 'industry', label: '产业链' },
  { key: 'message', label: '我的消息' },
  { key: 'statistics', label: '数据统计' },
  { key: 'sub-account', label: '子账号' },
];

/** Spec §2: the user-centre menu values. */
export const USER_CENTER_MENUS: readonly ManageNavEntry[] = [
  { key: 'person-auth', label: '实名认证' },
  { key: 'enterprise', label: '企业认证' },
];

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
