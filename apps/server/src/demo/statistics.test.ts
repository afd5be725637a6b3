import type { DataBoard, PushedNeed, WeekChart } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { startServer } from '../integration/harness';
import { PortalClient } from '../portal/test-client';
import { DEMO_PASSWORD } from './credentials';

/** The demo enterprises open a data board, statistics and need-push with a living week in them. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false }, { demo: true });
});
afterAll(() => server.close());

describe('demo statistics', () => {
  it('give zhangwei a week of views, top keywords and needs pushed to him', async () => {
    const client = new PortalClient(server);
    expect((await client.login('zhangwei', DEMO_PASSWORD)).code).toBe(200);
    const board = (await client.call<DataBoard>('GET', '/portal/self/center/data/board')).data;
    expect(board?.viewsWeek).toBeGreaterThan(100);
    expect(board?.followers).toBeGreaterThan(0);
    expect(board?.newNeeds).toBeGreaterThan(0);
    const week = (await client.call<WeekChart>('GET', '/portal/self/center/week/chart/statistics/data')).data;
    expect(week?.views.every((n) => n > 0)).toBe(true);
    const keywords = await client.call<Array<{ keyword: string }>>(
      'GET',
      '/portal/self/center/keywords/top/ten/statistics',
    );
    expect(keywords.data?.[0]?.keyword).toBe('CNC加工');
    expect(keywords.data).toHaveLength(10);
    const interested = await client.call<{ rows: PushedNeed[] }>('GET', '/portal/self/center/seekingMe?tab=1');
    expect(interested.data?.rows.map((row) => row.title)).toEqual(['定制不锈钢货架结构件']);
  });
});
