import type { AdminIndustryChain, AdminIndustryChainRow, IndustryChain, IndustryMember } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { FORBIDDEN, NOT_FOUND, put } from '../admin/admin-test-kit';
import type { PageOf } from '../paging';
import { PortalClient } from '../test-client';
import { ability, admin, enterprise, type Person, registered } from '../test-people';

/** The platform admin's industry chains: written as one form, shown on /industry, with enterprises placed in them. */
let server: LiaisonServer;
let boss: Person;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  boss = await admin(server);
});
afterAll(() => server.close());

const UNAUTHORIZED = { code: 401, msg: '认证失败，无法访问系统资源' };
const CHAIN = '/portal/admin/industry/chain';

async function newChain(form: object): Promise<string> {
  const answer = await boss.client.call<{ id: string }>('POST', CHAIN, form);
  expect(answer, answer.msg).toMatchObject({ code: 200, msg: '新增成功' });
  return answer.data?.id ?? '';
}

async function read(id: string): Promise<AdminIndustryChain> {
  return (await boss.client.call<AdminIndustryChain>('GET', `${CHAIN}/${id}`)).data as AdminIndustryChain;
}

const publicChain = async (id: string) =>
  (await new PortalClient(server).call<IndustryChain[]>('GET', '/portal/industry/chains')).data?.find(
    (c) => c.id === id,
  );

describe('the admin industry chains', () => {
  it('creates a chain whose segments the public page shows upstream to downstream in the order given', async () => {
    const id = await newChain({
      name: '光伏产业链',
      description: '硅料到电站',
      sortOrder: 5,
      segments: [
        { stage: 2, name: '光伏电站' },
        { stage: 0, name: '多晶硅' },
        { stage: 0, name: '硅片' },
        { stage: 1, name: '组件' },
      ],
    });
    const shown = await publicChain(id);
    expect(shown).toMatchObject({ name: '光伏产业链', description: '硅料到电站' });
    expect(shown?.segments.map((s) => [s.stage, s.name])).toEqual([
      [0, '多晶硅'],
      [0, '硅片'],
      [1, '组件'],
      [2, '光伏电站'],
    ]);
    const list = await boss.client.call<PageOf<AdminIndustryChainRow>>(
      'GET',
      `${CHAIN}/list?keyword=${encodeURIComponent('光伏')}`,
    );
    expect(list.data).toEqual({
      rows: [{ id, name: '光伏产业链', description: '硅料到电站', sortOrder: 5, segmentCount: 4, memberCount: 0 }],
      total: 1,
    });
  });

  it('edits a chain: a kept segment keeps its enterprises, a left-out one goes with its places', async () => {
    const id = await newChain({
      name: '储能产业链',
      segments: [
        { stage: 0, name: '电芯' },
        { stage: 1, name: '系统集成' },
      ],
    });
    const [cell, system] = (await read(id)).segments as [
      AdminIndustryChain['segments'][0],
      AdminIndustryChain['segments'][0],
    ];
    const maker = await enterprise(server, '储能电芯测试有限公司');
    for (const segment of [cell, system]) {
      expect(
        await boss.client.call('POST', '/portal/admin/industry/segment/member', {
          segmentId: segment.id,
          userId: maker.userId,
        }),
      ).toEqual({ code: 200, msg: '已加入该环节' });
    }

    const edited = await put(boss.client, `${CHAIN}/${id}`, {
      name: '新型储能产业链',
      description: '',
      sortOrder: 1,
      segments: [
        { id: null, stage: 2, name: '电站运营' },
        { id: cell.id, stage: 0, name: '储能电芯' },
      ],
    });
    expect(edited).toEqual({ code: 200, msg: '修改成功' });
    expect(await read(id)).toEqual({
      id,
      name: '新型储能产业链',
      description: '',
      sortOrder: 1,
      segments: [
        { id: cell.id, stage: 0, name: '储能电芯', memberCount: 1 },
        { id: expect.any(String), stage: 2, name: '电站运营', memberCount: 0 },
      ],
    });
    const [places] = await server.db.query<{ n: unknown }>(
      'SELECT count(*) AS n FROM portal_industry_members WHERE user_id = $1',
      [maker.userId],
    );
    expect(Number(places?.n)).toBe(1);

    expect(await boss.client.call('DELETE', `${CHAIN}/${id}`)).toEqual({ code: 200, msg: '删除成功' });
    expect(await publicChain(id)).toBeUndefined();
    expect(await boss.client.call('DELETE', `${CHAIN}/${id}`)).toEqual(NOT_FOUND);
    expect(await put(boss.client, `${CHAIN}/${id}`, { name: '已删除' })).toEqual(NOT_FOUND);
  });

  it('refuses a form that is incomplete, too long, repeats a name or names another chain’s segment, changing nothing', async () => {
    const other = await newChain({ name: '他链', segments: [{ stage: 0, name: '原料' }] });
    const foreign = (await read(other)).segments[0]?.id;
    const id = await newChain({ name: '本链', segments: [{ stage: 1, name: '加工' }] });
    const refused: [object, string][] = [
      [{ name: ' ' }, '请输入产业链名称'],
      [{ name: '链'.repeat(51) }, '产业链名称不能超过50个字符'],
      [{ name: '链', description: '述'.repeat(501) }, '产业链简介不能超过500个字符'],
      [{ name: '链', sortOrder: 1.5 }, '排序须为整数'],
      [{ name: '链', segments: [{ stage: 3, name: '环' }] }, '环节须位于上游、中游或下游'],
      [{ name: '链', segments: [{ stage: 0, name: '' }] }, '请输入环节名称'],
      [{ name: '链', segments: [{ stage: 0, name: '环'.repeat(31) }] }, '环节名称不能超过30个字符'],
      [
        {
          name: '链',
          segments: [
            { stage: 0, name: '同名' },
            { stage: 2, name: '同名' },
          ],
        },
        '同一产业链的环节名称不能重复',
      ],
      [{ name: '链', segments: Array.from({ length: 31 }, (_, i) => ({ stage: 0, name: `环${i}` })) }, '环节最多30个'],
      [{ name: '链', segments: [{ id: foreign, stage: 0, name: '偷来的' }] }, '环节不属于该产业链'],
      [{ name: '链', segments: [{ id: 'abc', stage: 0, name: '坏的' }] }, '环节不属于该产业链'],
    ];
    for (const [form, msg] of refused) {
      expect(await put(boss.client, `${CHAIN}/${id}`, form), msg).toEqual({ code: 500, msg });
    }
    expect(await boss.client.call('POST', CHAIN, { segments: [] })).toEqual({ code: 500, msg: '请求参数不完整' });
    expect(await read(id)).toMatchObject({ name: '本链', segments: [{ stage: 1, name: '加工' }] });
    expect((await read(other)).segments).toEqual([{ id: foreign, stage: 0, name: '原料', memberCount: 0 }]);
    expect(await boss.client.call('GET', `${CHAIN}/99999999`)).toEqual(NOT_FOUND);
  });

  it('places only approved enterprises, and takes one out again', async () => {
    const id = await newChain({ name: '冷链物流产业链', segments: [{ stage: 1, name: '冷库' }] });
    const segmentId = (await read(id)).segments[0]?.id ?? '';
    const person = await registered(server);
    const join = (userId: string) =>
      boss.client.call('POST', '/portal/admin/industry/segment/member', { segmentId, userId });
    expect(await join(person.userId)).toEqual({ code: 500, msg: '只能加入已认证企业' });
    const store = await enterprise(server, '冷库测试有限公司');
    expect(await join(store.userId)).toEqual({ code: 200, msg: '已加入该环节' });
    expect(
      await boss.client.call('POST', '/portal/admin/industry/segment/member', {
        segmentId: '999999',
        userId: store.userId,
      }),
    ).toEqual(NOT_FOUND);
    expect(await join(' ')).toEqual({ code: 500, msg: '请选择企业' });

    const members = async () =>
      (
        await new PortalClient(server).call<PageOf<IndustryMember>>(
          'GET',
          `/portal/industry/segment/members?segmentId=${segmentId}`,
        )
      ).data?.rows.map((m) => m.enterpriseName);
    expect(await members()).toEqual(['冷库测试有限公司']);
    expect(
      await boss.client.call('DELETE', `/portal/admin/industry/segment/${segmentId}/member/${store.userId}`),
    ).toEqual({ code: 200, msg: '已移出该环节' });
    expect(await members()).toEqual([]);
  });

  it('lists each member with its newest abilities, however many the chain holds', async () => {
    const id = await newChain({ name: '大链', segments: [{ stage: 0, name: '零件' }] });
    const segmentId = (await read(id)).segments[0]?.id ?? '';
    const busy = await enterprise(server, '高产测试有限公司');
    const quiet = await enterprise(server, '少产测试有限公司');
    // More abilities than the old chain-wide cap of 100, all newer than the quiet enterprise's one.
    await ability(server, quiet, { name: '唯一能力', publishedAt: 1 });
    for (let i = 0; i < 105; i += 1) await ability(server, busy, { name: `能力${i}`, publishedAt: 1000 + i });
    for (const member of [quiet, busy]) {
      await boss.client.call('POST', '/portal/admin/industry/segment/member', { segmentId, userId: member.userId });
    }
    const rows = (
      await new PortalClient(server).call<PageOf<IndustryMember>>(
        'GET',
        `/portal/industry/segment/members?segmentId=${segmentId}`,
      )
    ).data?.rows;
    expect(rows?.map((m) => [m.enterpriseName, m.abilityCount, m.abilities.map((a) => a.productName)])).toEqual([
      ['高产测试有限公司', 105, ['能力104', '能力103', '能力102', '能力101', '能力100']],
      ['少产测试有限公司', 1, ['唯一能力']],
    ]);
  });

  it('refuses everyone but an admin', async () => {
    const user = (await registered(server)).client;
    const visitor = new PortalClient(server);
    for (const client of [user, visitor]) {
      const expected = client === user ? FORBIDDEN : UNAUTHORIZED;
      expect(await client.call('GET', `${CHAIN}/list`)).toEqual(expected);
      expect(await client.call('GET', `${CHAIN}/1`)).toEqual(expected);
      expect(await client.call('POST', CHAIN, { name: '越权链' })).toEqual(expected);
      expect(await put(client, `${CHAIN}/1`, { name: '越权链' })).toEqual(expected);
      expect(await client.call('DELETE', `${CHAIN}/1`)).toEqual(expected);
      expect(
        await client.call('POST', '/portal/admin/industry/segment/member', { segmentId: '1', userId: 'u' }),
      ).toEqual(expected);
      expect(await client.call('DELETE', '/portal/admin/industry/segment/1/member/u')).toEqual(expected);
    }
    const [row] = await server.db.query<{ n: unknown }>(
      "SELECT count(*) AS n FROM portal_industry_chains WHERE name = '越权链'",
    );
    expect(Number(row?.n)).toBe(0);
  });
});
