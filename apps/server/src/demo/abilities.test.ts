import type { AbilityDetail, AbilitySummary } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { startServer } from '../integration/harness';
import type { PageOf } from '../portal/paging';
import { PortalClient } from '../portal/test-client';
import { DEMO_PASSWORD } from './credentials';

/** The demo enterprises start with abilities to manage. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false }, { demo: true });
});
afterAll(() => server.close());

const B = '/portal/supply/chain';

describe('demo abilities', () => {
  it('give each demo enterprise published abilities across categories, a draft and one in the recycle bin', async () => {
    for (const [loginName, expected] of [
      ['zhangwei', '五轴CNC精密加工'],
      ['lina', '跨境进出口代理'],
    ] as const) {
      const client = new PortalClient(server);
      expect((await client.login(loginName, DEMO_PASSWORD)).code).toBe(200);
      const live = (await client.call<PageOf<AbilitySummary>>('GET', `${B}/product/personal/page?pageSize=20`)).data;
      const rows = live?.rows ?? [];
      expect(rows.length).toBeGreaterThanOrEqual(5);
      expect(rows.filter((r) => r.status === 1).length).toBeGreaterThanOrEqual(4);
      expect(rows.filter((r) => r.status === 0)).toHaveLength(1);
      expect(new Set(rows.map((r) => r.categoryId)).size).toBeGreaterThanOrEqual(3);
      const flagship = rows.find((r) => r.productName === expected);
      expect(flagship?.viewCount).toBeGreaterThan(0);
      const detail = await client.call<AbilityDetail>('POST', `${B}/detail`, { id: flagship?.id });
      expect(detail.data?.description).toContain('<h2>');
      expect(detail.data?.cover).toMatch(/^\/profile\/upload\//);
      const binned = (await client.call<PageOf<AbilitySummary>>('GET', `${B}/product/personal/recycle/page`)).data;
      expect(binned?.total).toBe(loginName === 'zhangwei' ? 1 : 0);
    }
  });
});
