// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import type { HomeData } from '@liaison/protocol';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { withPortalServer } from '../test/portal-server';
import { HomePage } from './HomePage';

const portal = withPortalServer();

describe('首页', () => {
  it('shows a visitor what the server puts on the home page, each item a link to its page', async () => {
    const home = (await portal.client().call<HomeData>('GET', '/portal/home')).data as HomeData;
    render(
      <AppProviders>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </AppProviders>,
    );

    const figures = await screen.findByLabelText('平台数据');
    expect(figures.textContent).toContain(`认证企业${home.figures.enterprises.toLocaleString('zh-CN')}家`);
    expect(figures.textContent).toContain(`发布能力${home.figures.abilities.toLocaleString('zh-CN')}项`);

    const hrefs = (label: string) =>
      within(screen.getByRole('list', { name: label }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
    expect(home.featuredAbilities.length).toBeGreaterThan(0);
    expect(hrefs('精选能力')).toEqual(home.featuredAbilities.map((a) => `/supplyDetail?id=${a.id}`));
    const sections: Array<[string, string[]]> = [
      ['产业链', home.chains.map((c) => `/industry?chainId=${c.id}`)],
      ['企业集群', home.clusters.map((c) => `/integrated-detail?id=${c.id}`)],
      ['新品发布', home.releases.map((a) => `/publish-detail?id=${a.id}`)],
      ['行业资讯', home.news.map((a) => `/news-detail?id=${a.id}`)],
      ['专家风采', home.experts.map((e) => `/expertDetail?id=${e.id}`)],
    ];
    for (const [label, expected] of sections) {
      if (expected.length > 0) expect(hrefs(label)).toEqual(expected);
    }
    if (home.banners[0]) expect(screen.getByRole('img', { name: home.banners[0].title })).toBeTruthy();
  });
});
