import type {
  EnterpriseCard,
  EnterpriseProfile,
  PublicAbility,
  PublicAbilityDetail,
  ViewRecord,
} from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { toNumber } from '../../db/database';
import { startServer } from '../../integration/harness';
import type { PageOf } from '../paging';
import { PortalClient } from '../test-client';
import { ability, enterprise, type Person, registered, subAccount, verifiedPerson } from '../test-people';

/** The public capability library, the company main page and the enterprise list, over HTTP. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
});
afterAll(() => server.close());

const CHAIN = '/portal/supply/chain';
const NOT_FOUND = { code: 404, msg: '访问资源不存在' };
const UNAUTHORIZED = { code: 401, msg: '认证失败，无法访问系统资源' };

let serial = 0;
/** A word no other test uses, so a keyword finds only this test's rows in the shared server. */
const unique = () => `标记${process.pid}x${++serial}`;

interface Entry {
  name: string;
  summary?: string;
  keywords?: string;
  categoryId?: number;
  status?: 0 | 1 | 2;
  deleted?: boolean;
  views?: number;
  publishedAt?: number;
}

async function entry(owner: Person, row: Entry): Promise<string> {
  const id = await ability(server, owner, {
    name: row.name,
    categoryId: row.categoryId ?? 2,
    status: row.status ?? 1,
    deleted: row.deleted ?? false,
    publishedAt: row.publishedAt ?? Date.now(),
  });
  await server.db.query('UPDATE portal_products SET summary = $2, keywords = $3, view_count = $4 WHERE id = $1', [
    id,
    row.summary ?? '',
    row.keywords ?? '',
    row.views ?? 0,
  ]);
  return id;
}

const visitor = () => new PortalClient(server);

async function query(body: object, paging = '') {
  return visitor().call<PageOf<PublicAbility>>('POST', `/portal/product/list/query${paging}`, body);
}

const names = (page: { data?: PageOf<{ productName: string }> }) => page.data?.rows.map((r) => r.productName);

describe('the capability library (product/list/query)', () => {
  it('shows visitors only published abilities of approved, enabled enterprises', async () => {
    const tag = unique();
    const shown = await enterprise(server, `${tag}精工有限公司`);
    const disabled = await enterprise(server);
    const pending = await verifiedPerson(server);
    await entry(shown, { name: `${tag}五轴加工` });
    await entry(shown, { name: `${tag}草稿`, status: 0 });
    await entry(shown, { name: `${tag}已下架`, status: 2 });
    await entry(shown, { name: `${tag}回收站`, deleted: true });
    await entry(disabled, { name: `${tag}停用企业的能力` });
    await server.db.query('UPDATE portal_accounts SET disabled = true WHERE user_id = $1', [disabled.userId]);
    await entry(pending, { name: `${tag}未认证的能力` });

    const page = await query({ keyword: tag });
    expect(page.code).toBe(200);
    expect(page.data).toEqual({
      total: 1,
      rows: [
        {
          id: expect.any(String),
          productName: `${tag}五轴加工`,
          categoryId: 2,
          categoryName: '生产制造',
          summary: '',
          cover: '',
          keywords: '',
          viewCount: 0,
          publishedAt: expect.any(Number),
          ownerId: shown.userId,
          enterpriseName: `${tag}精工有限公司`,
        },
      ],
    });
  });

  it('needs every keyword, each anywhere in the name, summary or keywords, Chinese inside words too', async () => {
    const tag = unique();
    const owner = await enterprise(server);
    await entry(owner, { name: `${tag}精密CNC加工`, summary: '航空铝合金结构件' });
    await entry(owner, { name: `${tag}钣金冲压`, keywords: '激光切割,铝合金' });
    await entry(owner, { name: `${tag}注塑模具`, summary: '模流分析' });

    expect(names(await query({ keyword: `${tag} 铝合金` }))?.sort()).toEqual([`${tag}精密CNC加工`, `${tag}钣金冲压`]);
    expect(names(await query({ keyword: `${tag} 铝合金 激光` }))).toEqual([`${tag}钣金冲压`]);
    expect(names(await query({ keyword: `${tag}  cnc ` }))).toEqual([`${tag}精密CNC加工`]);
    expect(names(await query({ keyword: `${tag} 模流` }))).toEqual([`${tag}注塑模具`]);
    expect((await query({ keyword: `${tag} 铝合金 模流` })).data).toEqual({ rows: [], total: 0 });
  });

  it('takes % and _ as themselves, not as patterns', async () => {
    const tag = unique();
    const owner = await enterprise(server);
    await entry(owner, { name: `${tag}良品率99%` });
    await entry(owner, { name: `${tag}A_B型` });
    await entry(owner, { name: `${tag}AxB型` });
    expect(names(await query({ keyword: `${tag} %` }))).toEqual([`${tag}良品率99%`]);
    expect(names(await query({ keyword: `${tag} A_B` }))).toEqual([`${tag}A_B型`]);
  });

  it('filters by category, sorts by views, and pages with the total of all matches', async () => {
    const tag = unique();
    const owner = await enterprise(server);
    const day = 86_400_000;
    const now = Date.now();
    await entry(owner, { name: `${tag}设计一`, categoryId: 1, views: 5, publishedAt: now - 3 * day });
    await entry(owner, { name: `${tag}设计二`, categoryId: 1, views: 50, publishedAt: now - 2 * day });
    await entry(owner, { name: `${tag}设计三`, categoryId: 1, views: 20, publishedAt: now - day });
    await entry(owner, { name: `${tag}仓储`, categoryId: 4 });

    const designs = { keyword: tag, categoryId: 1 };
    expect(names(await query(designs))).toEqual([`${tag}设计三`, `${tag}设计二`, `${tag}设计一`]);
    expect(names(await query({ ...designs, sort: 'popular' }))).toEqual([
      `${tag}设计二`,
      `${tag}设计三`,
      `${tag}设计一`,
    ]);
    expect((await query(designs, '?pageNum=2&pageSize=2')).data).toMatchObject({
      total: 3,
      rows: [{ productName: `${tag}设计一` }],
    });
    expect(names(await query({ keyword: tag, categoryId: 4 }))).toEqual([`${tag}仓储`]);
    expect((await query({ keyword: tag, categoryId: 0 })).data?.total).toBe(4);
    expect((await query({ keyword: tag, ownerId: owner.userId })).data?.total).toBe(4);
  });

  it('refuses bad filters with a reason', async () => {
    expect(await query({ categoryId: -1 })).toEqual({ code: 500, msg: '能力分类不正确' });
    expect(await query({ categoryId: 'abc' })).toEqual({ code: 500, msg: '能力分类不正确' });
    expect(await query({ categoryId: 99 })).toEqual({ code: 500, msg: '能力分类不存在' });
    expect(await query({ keyword: '字'.repeat(51) })).toEqual({ code: 500, msg: '搜索内容不能超过50个字符' });
    expect(await query({ keyword: 'a b c d e f' })).toEqual({ code: 500, msg: '关键词最多5个' });
    expect(await query({ sort: 'random' })).toEqual({ code: 500, msg: '排序方式不正确' });
    expect(await query({ supplyChainId: '999999' })).toEqual({ code: 500, msg: '产业链不存在' });
    expect(await query({}, '?pageSize=51')).toEqual({ code: 500, msg: '每页条数不正确' });
  });
});

describe('industry-chain abilities (product/page, product/list)', () => {
  it('lists the abilities of the enterprises placed in a chain', async () => {
    const tag = unique();
    const inside = await enterprise(server);
    const outside = await enterprise(server);
    await entry(inside, { name: `${tag}链内`, categoryId: 4 });
    await entry(outside, { name: `${tag}链外`, categoryId: 4 });
    const [chain] = await server.db.query<{ id: unknown }>(
      `INSERT INTO portal_industry_chains (name) VALUES ($1) RETURNING id`,
      [`${tag}链`],
    );
    const [segment] = await server.db.query<{ id: unknown }>(
      `INSERT INTO portal_industry_segments (chain_id, stage, name) VALUES ($1, 1, '物流') RETURNING id`,
      [chain?.id],
    );
    await server.db.query('INSERT INTO portal_industry_members (segment_id, user_id, created_at) VALUES ($1, $2, 0)', [
      segment?.id,
      inside.userId,
    ]);
    const chainId = String(toNumber(chain?.id));
    const page = await visitor().call<PageOf<PublicAbility>>(
      'GET',
      `${CHAIN}/product/page?pageNum=1&pageSize=10&categoryId=4&supplyChainId=${chainId}`,
    );
    expect(names(page)).toEqual([`${tag}链内`]);
    const list = await visitor().call<PublicAbility[]>('GET', `${CHAIN}/product/list?supplyChainId=${chainId}`);
    expect(list.data?.map((a) => a.productName)).toEqual([`${tag}链内`]);
    expect(await visitor().call('GET', `${CHAIN}/product/list`)).toEqual({ code: 500, msg: '请求参数不完整' });
    expect(await visitor().call('GET', `${CHAIN}/product/list?supplyChainId=abc`)).toEqual({
      code: 500,
      msg: '产业链不存在',
    });
  });
});

describe('an ability’s detail (ability/{id})', () => {
  it('needs a login, shows the description and the enterprise, and counts the reader’s view', async () => {
    const owner = await enterprise(server, '常州华锐精密有限公司');
    const id = await entry(owner, { name: '精密磨削', views: 7 });
    await server.db.query(
      `UPDATE portal_products SET description_html = '<p>平面磨床 12 台</p>',
              attachments = '[{"fileName":"/profile/upload/a.pdf","originalName":"设备清单.pdf","size":1024}]'
        WHERE id = $1`,
      [id],
    );
    expect(await visitor().call('GET', `${CHAIN}/ability/${id}`)).toEqual(UNAUTHORIZED);

    const reader = await registered(server);
    const detail = await reader.client.call<PublicAbilityDetail>('GET', `${CHAIN}/ability/${id}`);
    expect(detail.data).toMatchObject({
      id,
      productName: '精密磨削',
      viewCount: 8,
      description: '<p>平面磨床 12 台</p>',
      attachments: [{ fileName: '/profile/upload/a.pdf', originalName: '设备清单.pdf', size: 1024 }],
      enterprise: { userId: owner.userId, enterpriseName: '常州华锐精密有限公司', abilityCount: 1 },
    });
    // The owner's own look is not a view.
    expect((await owner.client.call<PublicAbilityDetail>('GET', `${CHAIN}/ability/${id}`)).data?.viewCount).toBe(8);
    const views = await owner.client.call<PageOf<ViewRecord>>('GET', '/portal/self/center/view/me/info');
    expect(views.data?.rows).toEqual([
      expect.objectContaining({ viewerId: reader.userId, productId: id, productName: '精密磨削' }),
    ]);
  });

  it('is 404 for a draft, an offline ability, one in the recycle bin and an unknown ID', async () => {
    const owner = await enterprise(server);
    const reader = await registered(server);
    for (const row of [{ status: 0 }, { status: 2 }, { deleted: true }] as const) {
      const id = await entry(owner, { name: '看不见', ...row });
      expect(await reader.client.call('GET', `${CHAIN}/ability/${id}`)).toEqual(NOT_FOUND);
    }
    expect(await reader.client.call('GET', `${CHAIN}/ability/99999999`)).toEqual(NOT_FOUND);
    expect(await reader.client.call('GET', `${CHAIN}/ability/abc`)).toEqual(NOT_FOUND);
    const [views] = await server.db.query<{ n: unknown }>(
      'SELECT count(*) AS n FROM portal_views WHERE owner_id = $1',
      [owner.userId],
    );
    expect(toNumber(views?.n)).toBe(0);
  });
});

describe('the company main page (extend/info/{userId})', () => {
  it('needs a login, shows the profile and counts a view, not the enterprise’s own', async () => {
    const owner = await enterprise(server, '嘉兴恒信物流有限公司');
    await owner.client.call('POST', `${CHAIN}/update/main/page`, {
      introduction: '专注长三角区域仓配一体化服务。',
      website: 'https://www.example.cn',
    });
    await owner.client.call('POST', '/portal/self/center/personal/partners', { name: '顺丰速运' });
    await entry(owner, { name: '城配' });
    expect(await visitor().call('GET', `${CHAIN}/extend/info/${owner.userId}`)).toEqual(UNAUTHORIZED);

    const reader = await registered(server);
    const profile = await reader.client.call<EnterpriseProfile>('GET', `${CHAIN}/extend/info/${owner.userId}`);
    expect(profile.data).toEqual({
      userId: owner.userId,
      enterpriseName: '嘉兴恒信物流有限公司',
      banner: '',
      introduction: '专注长三角区域仓配一体化服务。',
      introductionFull: '专注长三角区域仓配一体化服务。',
      address: '江苏省苏州市',
      abilityCount: 1,
      followerCount: 0,
      website: 'https://www.example.cn',
      contactPhone: '13800000000',
      partners: [{ id: expect.any(String), name: '顺丰速运', logo: '' }],
      segments: [],
      contactUserId: owner.userId,
    });
    await owner.client.call('GET', `${CHAIN}/extend/info/${owner.userId}`);
    await (await subAccount(server, owner)).client.call('GET', `${CHAIN}/extend/info/${owner.userId}`);
    const views = await owner.client.call<PageOf<ViewRecord>>('GET', '/portal/self/center/view/me/info');
    expect(views.data?.rows.map((v) => [v.viewerId, v.productName])).toEqual([[reader.userId, '企业主页']]);
  });

  it('hides the phone when the enterprise hid it, and is 404 for anyone but an approved enterprise', async () => {
    const owner = await enterprise(server);
    await owner.client.call('GET', '/portal/self/center/personal/disable/public/phone');
    const reader = await registered(server);
    const profile = await reader.client.call<EnterpriseProfile>('GET', `${CHAIN}/extend/info/${owner.userId}`);
    expect(profile.data?.contactPhone).toBeNull();
    expect(await reader.client.call('GET', `${CHAIN}/extend/info/${reader.userId}`)).toEqual(NOT_FOUND);
    expect(await reader.client.call('GET', `${CHAIN}/extend/info/nobody`)).toEqual(NOT_FOUND);
  });
});

describe('the enterprise list (enterprise/list)', () => {
  it('finds approved enterprises by name or introduction, with counts, for visitors', async () => {
    const tag = unique();
    const a = await enterprise(server, `${tag}智造科技有限公司`);
    const b = await enterprise(server, `${tag}物流有限公司`);
    await b.client.call('POST', `${CHAIN}/update/main/page`, {
      introduction: `冷链仓储与智造工厂配送，${'很'.repeat(200)}`,
    });
    await entry(a, { name: '能力甲' });
    await entry(a, { name: '能力乙' });
    await (await registered(server)).client.call('GET', `${CHAIN}/follow/${b.userId}`);
    const pending = await verifiedPerson(server);
    await server.db.query(
      `INSERT INTO portal_enterprise_auth (user_id, enterprise_name, credit_code, legal_person, contact_phone, address,
                                           business_license, status, submitted_at)
       VALUES ($1, $2, 'x', '张三', '1', '地址', '/none', 0, 0)`,
      [pending.userId, `${tag}待审核有限公司`],
    );
    const list = (q: string) =>
      visitor().call<PageOf<EnterpriseCard>>('GET', `/portal/enterprise/list?keyword=${encodeURIComponent(q)}`);
    const all = (await list(tag)).data;
    expect(all?.total).toBe(2);
    expect(all?.rows.map((r) => [r.enterpriseName, r.abilityCount, r.followerCount])).toEqual([
      [`${tag}智造科技有限公司`, 2, 0],
      [`${tag}物流有限公司`, 0, 1],
    ]);
    expect(Array.from(all?.rows[1]?.introduction ?? '')).toHaveLength(120);
    expect((await list(`${tag} 冷链`)).data?.rows.map((r) => r.userId)).toEqual([b.userId]);
    expect((await list(`${tag} 智造`)).data?.total).toBe(2);
    expect(await visitor().call('GET', '/portal/enterprise/list?clusterId=abc')).toEqual({
      code: 500,
      msg: '企业集群不存在',
    });
  });
});
