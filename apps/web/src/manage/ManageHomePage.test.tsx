// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import type { DataBoard, WeekChart } from '@liaison/protocol';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chartTable, renderAs } from '../test/manage-page';
import { withPortalServer } from '../test/portal-server';
import { ManageHomePage } from './ManageHomePage';

const portal = withPortalServer();

describe('管理首页', () => {
  it('shows the data board the server counts, each figure a link to the page holding it', async () => {
    const zhangwei = await portal.login('zhangwei');
    const board = (await zhangwei.call<DataBoard>('GET', '/portal/self/center/data/board')).data as DataBoard;
    const week = (await zhangwei.call<WeekChart>('GET', '/portal/self/center/week/chart/statistics/data'))
      .data as WeekChart;
    await renderAs(portal, zhangwei, <ManageHomePage />);

    const cards = await screen.findByRole('list', { name: '数据看板' }, { timeout: 5000 });
    // A card reads as what it shows: the label, the figure, then its note.
    const link = (label: string, value: number) =>
      within(cards).getByRole('link', { name: (name) => name.replace(/[\s,]/g, '').startsWith(`${label}${value}`) });
    expect(link('我的能力', board.abilityTotal).getAttribute('href')).toBe('/manageCenter/abilities');
    expect(link('今日浏览', board.viewsToday).getAttribute('href')).toBe('/manageCenter/statistics');
    expect(link('企业关注', board.followers).getAttribute('href')).toBe('/manageCenter/userCenter/follows');
    expect(link('待处理合作', board.cooperationWaiting).getAttribute('href')).toBe(
      '/manageCenter/userCenter/cooperation',
    );
    expect(link('新需求推送', board.newNeeds).getAttribute('href')).toBe('/manageCenter/need-push');
    expect(cards.textContent).toContain(`已发布 ${board.abilityPublished}`);
    expect(cards.textContent).toContain(`近7天 ${board.viewsWeek}`);
    expect(board.viewsWeek).toBeGreaterThan(0);
    expect(chartTable('近7天浏览、关注、合作申请与收藏趋势').map((row) => row[1])).toEqual(week.views.map(String));
  });

  it('invites a person without an enterprise to verify one', async () => {
    await renderAs(portal, await portal.register(), <ManageHomePage />);
    expect(await screen.findByText('数据看板仅对认证企业开放')).toBeTruthy();
    expect(portal.calls.some((c) => c.path.includes('data/board'))).toBe(false);
  });
});
