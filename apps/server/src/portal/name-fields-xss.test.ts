import type { AbilityDetail } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { startServer } from '../integration/harness';
import { submitEnterprise } from './admin/admin-test-kit';
import { freshMobile, PortalClient } from './test-client';
import { admin, enterprise, type Person } from './test-people';

/**
 * Script and markup typed into a name field. Names are plain text by design (content-forms.ts:
 * "stored as typed and shown as text"): the server keeps them exactly, the JSON carries them as
 * strings, and the web app renders every name as a React text node (it has no
 * dangerouslySetInnerHTML anywhere), so the markup reaches a reader as visible characters and
 * never as HTML. Rich-text bodies are the ones sanitised (content.test.ts, abilities tests).
 */
const PAYLOAD = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(2)</script>';

let server: LiaisonServer;
let boss: Person;
let image: string;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  boss = await admin(server);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  image = (await boss.client.upload('a.png', png)).fileName ?? '';
});
afterAll(() => server.close());

const visitor = () => new PortalClient(server);

async function createdId(answer: Promise<{ code: number; msg: string; data?: unknown }>): Promise<string> {
  const result = await answer;
  expect(result.code, result.msg).toBe(200);
  return (result.data as { id: string }).id;
}

describe('script and markup in name fields', () => {
  it('come back from the platform content exactly as typed, as text', async () => {
    const expert = await createdId(boss.client.call('POST', '/portal/admin/expert', { name: PAYLOAD }));
    expect((await visitor().call('GET', `/portal/expert/${expert}`)).data).toMatchObject({ name: PAYLOAD });

    const cluster = await createdId(boss.client.call('POST', '/portal/admin/cluster', { name: `${SCRIPT}集群` }));
    expect((await visitor().call('GET', `/portal/cluster/${cluster}`)).data).toMatchObject({ name: `${SCRIPT}集群` });

    const article = await createdId(
      boss.client.call('POST', '/portal/admin/article', { kind: 'news', title: PAYLOAD, content: '<p>正文</p>' }),
    );
    expect((await visitor().call('GET', `/portal/article/${article}`)).data).toMatchObject({ title: PAYLOAD });

    const chain = await createdId(
      boss.client.call('POST', '/portal/admin/industry/chain', {
        name: SCRIPT,
        segments: [{ stage: 0, name: PAYLOAD }],
      }),
    );
    const chains = (await visitor().call<{ id: string }[]>('GET', '/portal/industry/chains')).data ?? [];
    expect(chains.find((c) => c.id === chain)).toMatchObject({ name: SCRIPT, segments: [{ name: PAYLOAD }] });
  });

  it('come back from the mall, the advertisements and the report centre exactly as typed', async () => {
    await createdId(boss.client.call('POST', '/system/mall/goods', { name: PAYLOAD, image, pointsCost: 10, stock: 1 }));
    const goods = (await visitor().call<{ rows: { name: string }[] }>('GET', '/portal/mall/goods?pageSize=100')).data;
    expect(goods?.rows.map((g) => g.name)).toContain(PAYLOAD);

    await createdId(
      boss.client.call('POST', '/system/advertisement', { slot: 'home_banner', title: SCRIPT, image, link: '/supply' }),
    );
    const ads = await visitor().call('GET', '/portal/home/manager/advertisement');
    expect(JSON.stringify(ads.data)).toContain(SCRIPT);

    await createdId(visitor().call('POST', '/portal/report', { category: '其他', content: SCRIPT, contact: PAYLOAD }));
    const reports = (
      await boss.client.call<{ rows: { content: string; contact: string }[] }>(
        'GET',
        '/system/report/list?pageSize=100',
      )
    ).data;
    expect(reports?.rows).toContainEqual(expect.objectContaining({ content: SCRIPT, contact: PAYLOAD }));
  });

  it('come back from an enterprise’s own name and its ability exactly as typed', async () => {
    const maker = await enterprise(server);
    const id = await createdId(
      maker.client.call('POST', '/portal/supply/chain/add/product', { productName: PAYLOAD, categoryId: 2 }),
    );
    const detail = await maker.client.call<AbilityDetail>('POST', '/portal/supply/chain/detail', { id });
    expect(detail.data).toMatchObject({ productName: PAYLOAD });

    const applicant = new PortalClient(server);
    await applicant.register(freshMobile(), 'Secret123');
    await submitEnterprise(applicant, `${SCRIPT}有限公司`);
    const material = await applicant.call('GET', '/portal/supply/chain/auth/data');
    expect(material.data).toMatchObject({ enterpriseName: `${SCRIPT}有限公司` });
  });
});
