import type { CompanyPageSettings, IndustryChain, IndustryMember, Partner } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { PortalClient } from '../test-client';
import { enterprise, freshLoginName, registered, userIdOf } from '../test-people';

/** The company main page, its partners and the enterprise's places in the industry chains. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
});
afterAll(() => server.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const NOT_FOUND = { code: 404, msg: '访问资源不存在' };
const FORBIDDEN = { code: 403, msg: '当前操作没有权限' };
const UNAUTHORIZED = { code: 401, msg: '认证失败，无法访问系统资源' };

async function uploaded(client: PortalClient, name: string, bytes: Buffer): Promise<string> {
  const answer = await client.upload(name, bytes);
  if (!answer.fileName) throw new Error(answer.msg);
  return answer.fileName;
}

const settings = async (client: PortalClient) =>
  (await client.call<CompanyPageSettings>('GET', '/portal/supply/chain/main/page')).data;

describe('company main page', () => {
  it('saves the introduction, banner and website the enterprise shows', async () => {
    const client = (await enterprise(server, '苏州主页制造有限公司')).client;
    expect(await settings(client)).toEqual({
      enterpriseName: '苏州主页制造有限公司',
      introduction: '',
      banner: '',
      website: '',
      phonePublic: true,
      updatedAt: null,
    });
    const banner = await uploaded(client, 'banner.png', PNG);
    const page = { introduction: '专注精密加工二十年。', banner, website: 'https://www.example.cn' };
    expect(await client.call('POST', '/portal/supply/chain/update/main/page', page)).toEqual({
      code: 200,
      msg: '保存成功',
    });
    expect(await settings(client)).toMatchObject({ ...page, phonePublic: true, updatedAt: expect.any(Number) });
  });

  it('refuses a long introduction, a website that is not http(s) and a banner that is not its own picture', async () => {
    const client = (await enterprise(server)).client;
    const save = (page: Record<string, unknown>) => client.call('POST', '/portal/supply/chain/update/main/page', page);
    expect(await save({ introduction: '介'.repeat(2001) })).toEqual({ code: 500, msg: '企业简介不能超过2000个字符' });
    const badSite = { code: 500, msg: '请输入以http://或https://开头的网址' };
    expect(await save({ website: 'ftp://example.cn' })).toEqual(badSite);
    expect(await save({ website: 'javascript:alert(1)' })).toEqual(badSite);
    expect(await save({ website: 'www.example.cn' })).toEqual(badSite);
    const badBanner = { code: 500, msg: '请上传图片格式的横幅' };
    expect(await save({ banner: await uploaded(client, 'intro.pdf', PDF) })).toEqual(badBanner);
    expect(await save({ banner: await uploaded((await enterprise(server)).client, 'theirs.png', PNG) })).toEqual(
      badBanner,
    );
    expect(await save({ banner: '/profile/upload/2026/01/01/nothing.png' })).toEqual(badBanner);
    expect((await settings(client))?.updatedAt).toBeNull();
  });

  it('hides and shows the contact phone', async () => {
    const client = (await enterprise(server)).client;
    expect(await client.call('GET', '/portal/self/center/personal/disable/public/phone')).toEqual({
      code: 200,
      msg: '已隐藏联系电话',
    });
    expect((await settings(client))?.phonePublic).toBe(false);
    expect((await client.call('GET', '/portal/self/center/personal/enable/public/phone')).code).toBe(200);
    expect((await settings(client))?.phonePublic).toBe(true);
  });
});

describe('partners', () => {
  const partners = (client: PortalClient, query = '') =>
    client.call<{ rows: Partner[]; total: number }>('GET', `/portal/self/center/personal/partners${query}`);

  it('are added with a logo, paged and deleted', async () => {
    const client = (await enterprise(server)).client;
    const logo = await uploaded(client, 'logo.png', PNG);
    const ids: string[] = [];
    for (const name of ['宁波港集团', '顺丰供应链', '中国银行苏州分行']) {
      const added = await client.call<{ id: string }>('POST', '/portal/self/center/personal/partners', { name, logo });
      expect(added).toMatchObject({ code: 200, msg: '新增成功' });
      ids.push(added.data?.id ?? '');
    }
    const first = await partners(client, '?pageNum=1&pageSize=2');
    expect(first.data?.total).toBe(3);
    expect(first.data?.rows.map((row) => row.name)).toEqual(['中国银行苏州分行', '顺丰供应链']);
    expect((await partners(client, '?pageNum=2&pageSize=2')).data?.rows).toEqual([
      { id: ids[0], name: '宁波港集团', logo, createdAt: expect.any(Number) },
    ]);
    expect(await client.call('POST', '/portal/self/center/personal/partners/delete', { id: ids[0] })).toEqual({
      code: 200,
      msg: '删除成功',
    });
    expect((await partners(client)).data?.total).toBe(2);
  });

  it('refuse an empty or long name and a logo that is not a picture', async () => {
    const client = (await enterprise(server)).client;
    const add = (body: Record<string, unknown>) => client.call('POST', '/portal/self/center/personal/partners', body);
    expect(await add({ name: ' ' })).toEqual({ code: 500, msg: '请输入合作伙伴名称' });
    expect(await add({ name: '伙'.repeat(51) })).toEqual({ code: 500, msg: '合作伙伴名称不能超过50个字符' });
    expect(await add({ name: '某公司', logo: await uploaded(client, 'a.pdf', PDF) })).toEqual({
      code: 500,
      msg: '请上传图片格式的标志',
    });
    expect(await partners(client, '?pageNum=0')).toEqual({ code: 500, msg: '页码不正确' });
    expect((await partners(client)).data?.total).toBe(0);
  });
});

describe('industry chains', () => {
  let segments: { lithium: string; battery: string; vehicles: string };
  beforeAll(async () => {
    const [chain] = await server.db.query<{ id: unknown }>(
      `INSERT INTO portal_industry_chains (name, description, sort_order) VALUES ('测试新能源汽车', '测试链', 99)
       RETURNING id`,
    );
    const segment = async (stage: number, name: string) => {
      const [row] = await server.db.query<{ id: unknown }>(
        'INSERT INTO portal_industry_segments (chain_id, stage, name) VALUES ($1, $2, $3) RETURNING id',
        [chain?.id, stage, name],
      );
      return String(row?.id);
    };
    segments = {
      vehicles: await segment(2, '整车'),
      lithium: await segment(0, '锂矿'),
      battery: await segment(1, '电池'),
    };
  });

  const chainsOf = async (client: PortalClient, path = '/portal/supply/chain/industry/chains') =>
    (await client.call<IndustryChain[]>('GET', path)).data?.find((chain) => chain.name === '测试新能源汽车');

  it('show everyone their segments upstream to downstream, and an enterprise joins and leaves one', async () => {
    const visitor = new PortalClient(server);
    const before = await chainsOf(visitor, '/portal/industry/chains');
    expect(before?.segments.map((s) => [s.name, s.stage, s.memberCount, s.joined])).toEqual([
      ['锂矿', 0, 0, false],
      ['电池', 1, 0, false],
      ['整车', 2, 0, false],
    ]);

    const client = (await enterprise(server, '宁德测试电池有限公司')).client;
    const join = () => client.call('POST', '/portal/supply/chain/industry/join', { segmentId: segments.battery });
    expect(await join()).toEqual({ code: 200, msg: '已加入该环节' });
    expect((await join()).code).toBe(200);
    const mine = await chainsOf(client);
    expect(mine?.segments.find((s) => s.id === segments.battery)).toMatchObject({ memberCount: 1, joined: true });
    expect((await chainsOf(visitor, '/portal/industry/chains'))?.segments[1]).toMatchObject({
      memberCount: 1,
      joined: false,
    });
    const members = await visitor.call<{ rows: IndustryMember[]; total: number }>(
      'GET',
      `/portal/industry/segment/members?segmentId=${segments.battery}&pageNum=1&pageSize=10`,
    );
    expect(members.data).toEqual({
      total: 1,
      rows: [
        {
          userId: await userIdOf(client),
          enterpriseName: '宁德测试电池有限公司',
          joinedAt: expect.any(Number),
          abilities: [],
          abilityCount: 0,
        },
      ],
    });

    expect(await client.call('POST', '/portal/supply/chain/industry/leave', { segmentId: segments.battery })).toEqual({
      code: 200,
      msg: '已退出该环节',
    });
    expect((await chainsOf(client))?.segments[1]).toMatchObject({ memberCount: 0, joined: false });
  });

  it('answer 404 for a segment that does not exist', async () => {
    const client = (await enterprise(server)).client;
    for (const segmentId of ['999999999', 'abc', '-1']) {
      expect(await client.call('POST', '/portal/supply/chain/industry/join', { segmentId })).toEqual(NOT_FOUND);
      expect(await client.call('POST', '/portal/supply/chain/industry/leave', { segmentId })).toEqual(NOT_FOUND);
      expect(await client.call('GET', `/portal/industry/segment/members?segmentId=${segmentId}`)).toEqual(NOT_FOUND);
    }
    expect(await client.call('POST', '/portal/supply/chain/industry/join', {})).toEqual({
      code: 500,
      msg: '请求参数不完整',
    });
  });
});

describe('who may change a company page (IDOR)', () => {
  it('refuses a visitor, a person and a sub-account, and another enterprise cannot touch the partners', async () => {
    const owner = (await enterprise(server)).client;
    const added = await owner.call<{ id: string }>('POST', '/portal/self/center/personal/partners', {
      name: '海通物流',
    });
    const partnerID = added.data?.id ?? '';
    const [segment] = await server.db.query<{ id: unknown }>('SELECT id FROM portal_industry_segments LIMIT 1');
    const segmentId = String(segment?.id);

    const rival = (await enterprise(server)).client;
    expect(await rival.call('POST', '/portal/self/center/personal/partners/delete', { id: partnerID })).toEqual(
      NOT_FOUND,
    );
    expect((await rival.call<{ total: number }>('GET', '/portal/self/center/personal/partners')).data?.total).toBe(0);

    const loginName = freshLoginName('co');
    expect(
      (
        await owner.call('POST', '/portal/supply/chain/sub/account', {
          loginName,
          nick: '助理',
          password: await owner.encrypt('Ops2026ok'),
        })
      ).code,
    ).toBe(200);
    const sub = new PortalClient(server);
    expect((await sub.login(loginName, 'Ops2026ok')).code).toBe(200);
    const person = (await registered(server)).client;
    const visitor = new PortalClient(server);

    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/portal/supply/chain/main/page'],
      ['POST', '/portal/supply/chain/update/main/page', { introduction: '改了' }],
      ['GET', '/portal/self/center/personal/disable/public/phone'],
      ['GET', '/portal/self/center/personal/enable/public/phone'],
      ['GET', '/portal/self/center/personal/partners'],
      ['POST', '/portal/self/center/personal/partners', { name: '冒名' }],
      ['POST', '/portal/self/center/personal/partners/delete', { id: partnerID }],
      ['GET', '/portal/supply/chain/industry/chains'],
      ['POST', '/portal/supply/chain/industry/join', { segmentId }],
      ['POST', '/portal/supply/chain/industry/leave', { segmentId }],
    ];
    for (const [method, url, body] of calls) {
      expect(await sub.call(method, url, body)).toEqual(FORBIDDEN);
      expect(await person.call(method, url, body)).toEqual(FORBIDDEN);
      expect(await visitor.call(method, url, body)).toEqual(UNAUTHORIZED);
    }
    expect((await owner.call<{ rows: Partner[] }>('GET', '/portal/self/center/personal/partners')).data?.rows).toEqual([
      expect.objectContaining({ id: partnerID, name: '海通物流' }),
    ]);
    expect(await settings(owner)).toMatchObject({ introduction: '', phonePublic: true });
  });
});
