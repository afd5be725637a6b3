import type { MallGoods, MallOrder, PointsInfo } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { startServer } from '../integration/harness';
import type { PageOf } from '../portal/paging';
import { PortalClient } from '../portal/test-client';
import { DEMO_PASSWORD } from './credentials';

/** The demo's points mall: goods with pictures, one sold out, and an order with points left over. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false }, { demo: true });
});
afterAll(() => server.close());

describe('the demo points mall', () => {
  it('shows visitors eight goods with served SVG pictures, one of them sold out', async () => {
    const page = await new PortalClient(server).call<PageOf<MallGoods>>('GET', '/portal/mall/goods?pageSize=20');
    const rows = page.data?.rows ?? [];
    expect(rows).toHaveLength(8);
    expect(rows.filter((g) => g.stock === 0).map((g) => g.name)).toEqual(['蓝牙降噪耳机']);
    const picture = await server.http.inject({ method: 'GET', url: rows[0]?.image ?? '' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
  });

  it('has a shipped order of lina’s, who still has points for a monthly membership', async () => {
    const lina = new PortalClient(server);
    expect((await lina.login('lina', DEMO_PASSWORD)).code).toBe(200);
    const orders = await lina.call<PageOf<MallOrder>>('GET', '/portal/mall/orders');
    expect(orders.data?.rows).toMatchObject([{ goodsName: '供应链白皮书（纸质版）', status: 1, points: 150 }]);
    const points = await lina.call<PointsInfo>('GET', '/portal/self/center/points/info');
    expect(points.data?.balance).toBeGreaterThanOrEqual(680);
  });
});
