import type {
  ClusterDetail,
  ExpertDetail,
  HomeData,
  MatchOperations,
  PortalSearchResult,
  PublicAbility,
} from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { startServer } from '../integration/harness';
import type { PageOf } from '../portal/paging';
import { PortalClient } from '../portal/test-client';
import { DEMO_PASSWORD } from './credentials';

/** The embedded demo gives every public page content on first start. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false }, { demo: true });
});
afterAll(() => server.close());

describe('demo public content', () => {
  it('fills the home page from the server', async () => {
    const home = (await new PortalClient(server).call<HomeData>('GET', '/portal/home')).data;
    expect(home?.banners.length).toBeGreaterThanOrEqual(3);
    expect(home?.featuredAbilities).toHaveLength(8);
    expect(home?.clusters.length).toBeGreaterThanOrEqual(4);
    expect(home?.releases.length).toBeGreaterThanOrEqual(5);
    expect(home?.releases.every((r) => r.productId !== null && r.enterpriseName !== '')).toBe(true);
    expect(home?.news.length).toBeGreaterThanOrEqual(5);
    expect(home?.experts).toHaveLength(8);
    expect(home?.chains.every((c) => c.segmentCount > 0 && c.memberCount > 0)).toBe(true);
    expect(home?.figures).toMatchObject({ enterprises: 6, experts: 8 });
    expect(home?.figures.cooperations).toBeGreaterThanOrEqual(3);
  });

  it('has designs and warehousing abilities from several enterprises', async () => {
    for (const [categoryId, atLeast] of [
      [1, 3],
      [4, 5],
    ] as const) {
      const page = await new PortalClient(server).call<PageOf<PublicAbility>>('POST', '/portal/product/list/query', {
        categoryId,
      });
      expect(page.data?.total).toBeGreaterThanOrEqual(atLeast);
      expect(new Set(page.data?.rows.map((a) => a.ownerId)).size).toBeGreaterThanOrEqual(2);
    }
  });

  it('has clusters with members, an expert to chat with, and match operations naming enterprises', async () => {
    const visitor = new PortalClient(server);
    const home = (await visitor.call<HomeData>('GET', '/portal/home')).data;
    for (const cluster of home?.clusters ?? []) {
      const detail = (await visitor.call<ClusterDetail>('GET', `/portal/cluster/${cluster.id}`)).data;
      expect(detail?.members.length).toBeGreaterThanOrEqual(2);
    }
    const reader = new PortalClient(server);
    expect((await reader.login('zhoujie', DEMO_PASSWORD)).code).toBe(200);
    const wang = home?.experts.find((e) => e.name === '王芳');
    const expert = (await reader.call<ExpertDetail>('GET', `/portal/expert/${wang?.id}`)).data;
    expect(expert?.userId).toEqual(expect.any(String));
    expect(expert?.contact?.phone).toBe('13800000003');

    const match = (await visitor.call<MatchOperations>('GET', '/portal/match/operations')).data;
    expect(match?.openNeeds.length).toBeGreaterThan(0);
    expect(match?.recentMatches).toContainEqual(
      expect.objectContaining({ fromEnterprise: '合肥智运仓储物流有限公司', toEnterprise: '上海云图工业设计有限公司' }),
    );

    const found = (await reader.call<PortalSearchResult>('GET', `/portal/search?keyword=${encodeURIComponent('冷链')}`))
      .data;
    expect(found?.ability.total).toBeGreaterThan(0);
    expect(found?.enterprise.total).toBeGreaterThan(0);
    expect(found?.news.total).toBeGreaterThan(0);
  });
});
