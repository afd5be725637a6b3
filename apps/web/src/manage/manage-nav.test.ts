import { PORTAL_PERMISSIONS } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import { isNavShown, isPageBarred, MANAGE_NAV, managePlaceFor, USER_CENTER_MENUS } from './manage-nav';

describe('managePlaceFor', () => {
  it('names the management page of the path', () => {
    expect(managePlaceFor('/manageCenter/statistics')).toEqual({ manageNav: 'statistics', userCenterComponentKey: '' });
  });

  it('takes the user-centre menu from the path', () => {
    expect(managePlaceFor('/manageCenter/userCenter/enterprise')).toEqual({
      manageNav: 'userCenter',
      userCenterComponentKey: 'enterprise',
    });
  });

  it.each(['/index', '/manageCenter', '/manageCenter/'])('finds no place for %s', (path) => {
    expect(managePlaceFor(path)).toBeNull();
  });
});

describe('the menu', () => {
  const shown = (roles: string[], permissions: readonly string[]) => {
    const granted = { roles, permissions: [...permissions] };
    return [...MANAGE_NAV, ...USER_CENTER_MENUS].filter((entry) => isNavShown(entry, granted)).map((e) => e.label);
  };

  it('shows a platform administrator without an enterprise the platform, not an enterprise’s business', () => {
    const menu = shown(['admin', 'common'], PORTAL_PERMISSIONS.admin);
    expect(menu).toEqual(expect.arrayContaining(['管理首页', '数据统计', '会员中心', '审核管理', '运营管理']));
    for (const label of ['我的能力', '需求推送', '企业集群', '产业链', '子账号']) expect(menu).not.toContain(label);
  });

  it('shows an administrator with an approved enterprise everything', () => {
    expect(shown(['admin', 'enterprise', 'common'], PORTAL_PERMISSIONS.admin)).toHaveLength(
      MANAGE_NAV.length + USER_CENTER_MENUS.length,
    );
  });

  it('shows an enterprise its business but not the administration', () => {
    const menu = shown(['enterprise', 'common'], PORTAL_PERMISSIONS.enterprise);
    expect(menu).toEqual(expect.arrayContaining(['我的能力', '需求推送', '企业集群', '产业链', '子账号', '会员中心']));
    expect(menu).not.toContain('审核管理');
  });

  it('shows a sub-account its abilities only, and a person none of an enterprise’s pages', () => {
    const sub = shown(['subaccount', 'common'], PORTAL_PERMISSIONS.subaccount);
    expect(sub).toContain('我的能力');
    for (const label of ['需求推送', '子账号', '会员中心']) expect(sub).not.toContain(label);
    const person = shown(['common'], PORTAL_PERMISSIONS.person);
    expect(person).toEqual(expect.arrayContaining(['会员中心', '积分签到']));
    for (const label of ['我的能力', '需求推送', '企业集群', '数据统计']) expect(person).not.toContain(label);
  });
});

describe('a page whose menu entry is hidden', () => {
  const admin = { roles: ['admin', 'common'], permissions: [...PORTAL_PERMISSIONS.admin] };
  const person = { roles: ['common'], permissions: [...PORTAL_PERMISSIONS.person] };

  it('is barred to the account, typed or linked', () => {
    expect(isPageBarred('/manageCenter/abilities', admin)).toBe(true);
    expect(isPageBarred('/manageCenter/sub-account', person)).toBe(true);
    expect(isPageBarred('/manageCenter/userCenter/review', person)).toBe(true);
  });

  it('is open where the menu shows it, and unknown pages are left to the router', () => {
    expect(isPageBarred('/manageCenter/userCenter/review', admin)).toBe(false);
    expect(isPageBarred('/manageCenter/home', person)).toBe(false);
    expect(isPageBarred('/manageCenter/no-such-page', person)).toBe(false);
    expect(isPageBarred('/index', person)).toBe(false);
  });

  it('bars a sub-account its own verification pages, which its menu does not show: its enterprise is verified', () => {
    const sub = { roles: ['subaccount', 'common'], permissions: [...PORTAL_PERMISSIONS.subaccount] };
    const menu = [...MANAGE_NAV, ...USER_CENTER_MENUS].filter((entry) => isNavShown(entry, sub)).map((e) => e.label);
    expect(menu).toEqual(expect.arrayContaining(['管理首页', '我的能力', '我的消息', '合作消息']));
    expect(menu).not.toContain('实名认证');
    expect(menu).not.toContain('企业认证');
    expect(isPageBarred('/manageCenter/userCenter/enterprise', sub)).toBe(true);
    expect(isPageBarred('/manageCenter/userCenter/person-auth', sub)).toBe(true);
    expect(isPageBarred('/manageCenter/userCenter/enterprise', person)).toBe(false);
    expect(isPageBarred('/manageCenter/userCenter/enterprise', admin)).toBe(false);
  });

  it('shows until the account’s roles are known', () => {
    expect(isPageBarred('/manageCenter/abilities', { roles: [], permissions: [] })).toBe(false);
  });
});
