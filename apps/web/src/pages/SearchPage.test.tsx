// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import type { PortalSearchResult } from '@liaison/protocol';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { publishAbilities, unique } from '../test/abilities';
import { withPortalServer } from '../test/portal-server';
import { SearchPage } from './SearchPage';

const portal = withPortalServer();

async function renderSearch(path = '/search') {
  await portal.enterSession(await portal.login('zhangwei'));
  const router = createMemoryRouter([{ path: '/search', Component: SearchPage }], { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const address = (router: Awaited<ReturnType<typeof renderSearch>>) => new URLSearchParams(router.state.location.search);
const searches = () => portal.calls.filter((call) => call.path.startsWith('/portal/search'));
const marks = (element: HTMLElement) => Array.from(element.querySelectorAll('mark'), (mark) => mark.textContent);

describe('搜索', () => {
  it('searches once the reader pauses typing, keeps the keywords in the address and marks the matches', async () => {
    const prefix = unique('温控仓');
    await publishAbilities(portal, prefix, 2);
    const router = await renderSearch();
    const box = screen.getByRole('searchbox', { name: '搜索能力、企业、专家和资讯' });
    fireEvent.change(box, { target: { value: prefix } });
    fireEvent.change(box, { target: { value: `${prefix} 简介` } });

    const results = await screen.findByRole('list', { name: '能力结果列表' });
    expect(address(router).get('keyword')).toBe(`${prefix} 简介`);
    // Only the pause counts: one search, for the whole text.
    expect(searches().map((call) => new URLSearchParams(call.path.split('?')[1]).get('keyword'))).toEqual([
      `${prefix} 简介`,
    ]);
    const cards = within(results).getAllByRole('link');
    expect(cards).toHaveLength(2);
    expect(marks(cards[0] as HTMLElement)).toEqual([prefix, prefix, '简介']);
  });

  it('shows three of a type in the all view and the rest, a page at a time, in its tab', async () => {
    const prefix = unique('冷链仓配');
    await publishAbilities(portal, prefix, 4);
    const router = await renderSearch(`/search?keyword=${prefix}&type=all`);
    const section = await screen.findByRole('region', { name: '能力结果' });
    expect(within(section).getAllByRole('link')).toHaveLength(3);
    expect(within(section).getByText('4 条')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: /查看全部能力/ }));
    await waitFor(() => expect(address(router).get('type')).toBe('ability'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: '能力结果列表' })).getAllByRole('link')).toHaveLength(4),
    );
    expect(screen.getByRole('tab', { name: '能力 4' })).toBeTruthy();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('region', { name: '能力结果' })).toBeTruthy();
  });

  it('marks matches in enterprises, experts and news as the server found them', async () => {
    const reader = await portal.login('wangfang');
    const answer = await reader.call<PortalSearchResult>('GET', '/portal/search?keyword=供应链&type=all');
    const expected = answer.data as PortalSearchResult;
    expect(expected.enterprise.total).toBeGreaterThan(0);
    await renderSearch('/search?keyword=供应链&type=all');
    for (const [type, label] of [
      ['enterprise', '企业'],
      ['expert', '专家'],
      ['news', '资讯'],
    ] as const) {
      if (expected[type].total === 0) continue;
      const list = await screen.findByRole('list', { name: `${label}结果列表` });
      expect(within(list).getAllByRole('link')).toHaveLength(expected[type].hits.length);
      expect(marks(list).every((text) => text === '供应链')).toBe(true);
      expect(marks(list).length).toBeGreaterThan(0);
    }
  });

  it('says when nothing matched all the keywords', async () => {
    await renderSearch(`/search?keyword=${encodeURIComponent(`${unique('无此词')} 五轴`)}`);
    expect(await screen.findByText(/没有找到同时包含/)).toBeTruthy();
  });

  it('refuses more keywords than the server takes without asking it', async () => {
    await renderSearch('/search?keyword=一 二 三 四 五 六');
    expect(await screen.findByText('最多5个关键词，请用空格分隔')).toBeTruthy();
    expect(searches()).toEqual([]);
  });

  it('invites the reader to type when there is nothing to search yet', async () => {
    await renderSearch();
    expect(screen.getByText('输入关键词，搜索平台上的能力、企业、专家和资讯')).toBeTruthy();
    expect(searches()).toEqual([]);
  });
});
