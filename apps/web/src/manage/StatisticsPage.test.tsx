// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import type { CategoryCount, PlatformTotals, TopAbility, TopKeyword, WeekChart } from '@liaison/protocol';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chartTable, renderAs } from '../test/manage-page';
import { withPortalServer } from '../test/portal-server';
import { StatisticsPage } from './StatisticsPage';

const portal = withPortalServer();

describe('数据统计', () => {
  it('draws the numbers the server counts: totals, the week, top abilities, keywords and categories', async () => {
    const lina = await portal.login('lina');
    const get = async <T,>(path: string) => (await lina.call<T>('GET', path)).data as T;
    const totals = await get<PlatformTotals>('/portal/supply/chain/statistics');
    const week = await get<WeekChart>('/portal/self/center/week/chart/statistics/data');
    const top = await get<TopAbility[]>('/portal/self/center/ability/top/ten/statistics');
    const keywords = await get<TopKeyword[]>('/portal/self/center/keywords/top/ten/statistics');
    const categories = await get<CategoryCount[]>('/portal/supply/chain/ability/statistic');
    await renderAs(portal, lina, <StatisticsPage />);

    expect(
      await screen.findByRole('img', { name: '近7天浏览、关注、合作申请与收藏趋势' }, { timeout: 5000 }),
    ).toBeTruthy();
    const cards = screen.getByRole('list', { name: '平台概况' });
    expect(cards.textContent).toContain(`入驻企业${totals.enterprises}`);
    expect(cards.textContent).toContain(`开放需求${totals.openNeeds}`);
    expect(chartTable('近7天浏览、关注、合作申请与收藏趋势')).toEqual(
      week.days.map((day, i) => [
        day,
        String(week.views[i]),
        String(week.follows[i]),
        String(week.cooperations[i]),
        String(week.collections[i]),
      ]),
    );
    expect(top.length).toBeGreaterThan(0);
    expect(chartTable('累计浏览量前十的能力')).toEqual(top.map((a) => [a.productName, String(a.views)]));
    expect(keywords).toHaveLength(10);
    expect(chartTable('近30天热门搜索词前十')).toEqual(keywords.map((k) => [k.keyword, String(k.count)]));
    expect(chartTable('我的能力分类分布')).toEqual(
      categories.map((c) => [c.categoryName, String(c.total), String(c.published)]),
    );
    expect(screen.getByRole('img', { name: '累计浏览量前十的能力' }).querySelector('svg')).toBeTruthy();
  });

  it('names the period each Top 10 counts: every view on record, the searches of the last 30 days', async () => {
    const lina = await portal.login('lina');
    await renderAs(portal, lina, <StatisticsPage />);
    expect(await screen.findByText('能力浏览量 Top 10（累计）', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('热门搜索词 Top 10（近30天）')).toBeTruthy();
  });

  it('shows empty states to an enterprise with nothing yet', async () => {
    const fresh = await portal.register();
    const me = await portal.person(fresh);
    const db = portal.server().db;
    await db.query(
      `INSERT INTO portal_enterprise_auth (user_id, enterprise_name, credit_code, legal_person, contact_phone, address,
                                           business_license, status, submitted_at, reviewed_at)
       VALUES ($1, '新企业', '', '测试', '0571-1', '杭州', '', 1, 0, 0)`,
      [me.userId],
    );
    await db.query('UPDATE portal_accounts SET user_type = 2 WHERE user_id = $1', [me.userId]);
    await renderAs(portal, fresh, <StatisticsPage />);
    expect(await screen.findByText('还没有能力被浏览', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('还没有发布能力')).toBeTruthy();
    expect(chartTable('近7天浏览、关注、合作申请与收藏趋势').every((row) => row.slice(1).every((n) => n === '0'))).toBe(
      true,
    );
  });

  it('tells a person without an enterprise what it takes, and asks the server nothing', async () => {
    await renderAs(portal, await portal.register(), <StatisticsPage />);
    expect(await screen.findByText('数据统计仅对认证企业开放')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去企业认证' })).toBeTruthy();
    await waitFor(() => expect(portal.calls.filter((c) => c.path.includes('statistic'))).toHaveLength(0));
  });
});
