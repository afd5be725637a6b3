import type {
  ArticleDetail,
  ArticleSummary,
  Cluster,
  ClusterDetail,
  ExpertDetail,
  ExpertSummary,
  HomeData,
  MatchOperations,
} from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { put } from '../admin/admin-test-kit';
import type { PageOf } from '../paging';
import { type Answer, PortalClient } from '../test-client';
import { ability, admin, enterprise, type Person, registered, verifiedPerson } from '../test-people';

/** The platform's own content (articles, experts, clusters), its administration, home and match operations. */
let server: LiaisonServer;
let boss: Person;
let picture: string;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  boss = await admin(server);
  picture = (await boss.client.upload('cover.png', PNG)).fileName ?? '';
});
afterAll(() => server.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const NOT_FOUND = { code: 404, msg: '访问资源不存在' };
const UNAUTHORIZED = { code: 401, msg: '认证失败，无法访问系统资源' };
const FORBIDDEN = { code: 403, msg: '当前操作没有权限' };
const visitor = () => new PortalClient(server);

async function created(answer: Promise<Answer<{ id: string }>>): Promise<string> {
  const result = await answer;
  expect(result, result.msg).toMatchObject({ code: 200, msg: '新增成功' });
  return result.data?.id ?? '';
}

const article = (overrides: Record<string, unknown> = {}) => ({
  kind: 'news',
  title: '长三角供应链对接会在苏州举行',
  summary: '两百余家企业参会',
  content: '<p>会议现场签约 <strong>36</strong> 项。</p>',
  source: '平台资讯',
  ...overrides,
});

describe('articles', () => {
  it('an admin publishes news with sanitised content; everyone reads it and each read counts', async () => {
    const id = await created(
      boss.client.call('POST', '/portal/admin/article', {
        ...article({ cover: picture }),
        content: '<p onclick="steal()">现场<script>alert(1)</script>签约</p><img src="https://evil.example/x.png">',
      }),
    );
    const first = await visitor().call<ArticleDetail>('GET', `/portal/article/${id}`);
    expect(first.data).toEqual({
      id,
      kind: 'news',
      title: '长三角供应链对接会在苏州举行',
      summary: '两百余家企业参会',
      cover: picture,
      source: '平台资讯',
      ownerId: null,
      enterpriseName: '',
      productId: null,
      publishedAt: expect.any(Number),
      viewCount: 1,
      content: '<p>现场签约</p>',
    });
    expect((await visitor().call<ArticleDetail>('GET', `/portal/article/${id}`)).data?.viewCount).toBe(2);
  });

  it('lists by kind, newest first, with paging totals', async () => {
    const base = Date.now() - 1000;
    for (const [i, kind] of ['release', 'release', 'release', 'news'].entries()) {
      await created(
        boss.client.call('POST', '/portal/admin/article', article({ kind, title: `稿件${i}`, publishedAt: base + i })),
      );
    }
    const list = (query: string) =>
      visitor()
        .call<PageOf<ArticleSummary>>('GET', `/portal/article/list${query}`)
        .then((a) => a.data);
    const releases = await list('?kind=release&pageSize=2');
    expect(releases?.total).toBe(3);
    expect(releases?.rows.map((r) => r.title)).toEqual(['稿件2', '稿件1']);
    expect((await list('?kind=release&pageNum=2&pageSize=2'))?.rows.map((r) => r.title)).toEqual(['稿件0']);
    expect((await list('?kind=news'))?.rows.every((r) => r.kind === 'news')).toBe(true);
    expect(await visitor().call('GET', '/portal/article/list?kind=blog')).toEqual({ code: 500, msg: '文章类型不正确' });
    expect(await visitor().call('GET', '/portal/article/abc')).toEqual(NOT_FOUND);
  });

  it('a release names its enterprise and ability while they stay published', async () => {
    const maker = await enterprise(server, '杭州新材科技有限公司');
    const productId = await ability(server, maker, { name: '碳纤维复合板' });
    const id = await created(
      boss.client.call(
        'POST',
        '/portal/admin/article',
        article({ kind: 'release', title: '碳纤维复合板上市', productId }),
      ),
    );
    const read = async () => (await visitor().call<ArticleDetail>('GET', `/portal/article/${id}`)).data;
    expect(await read()).toMatchObject({ ownerId: maker.userId, enterpriseName: '杭州新材科技有限公司', productId });
    await server.db.query('UPDATE portal_products SET status = 2 WHERE id = $1', [productId]);
    expect(await read()).toMatchObject({ ownerId: maker.userId, productId: null });
    await server.db.query('UPDATE portal_accounts SET disabled = true WHERE user_id = $1', [maker.userId]);
    expect(await read()).toMatchObject({ ownerId: null, enterpriseName: '', productId: null });
  });

  it('refuses a bad form and changes nothing', async () => {
    const other = await enterprise(server);
    const draft = await ability(server, other, { status: 0 });
    const published = await ability(server, other);
    const pdf = (await boss.client.upload('a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'))).fileName;
    const post = (body: object) => boss.client.call('POST', '/portal/admin/article', body);
    const before = await server.db.query('SELECT count(*) AS n FROM portal_articles');
    expect(await post(article({ title: ' ' }))).toEqual({ code: 500, msg: '请输入标题' });
    expect(await post(article({ title: '标'.repeat(61) }))).toEqual({ code: 500, msg: '标题不能超过60个字符' });
    expect(await post(article({ kind: 'blog' }))).toEqual({ code: 500, msg: '请选择文章类型' });
    expect(await post(article({ content: '<script>x</script>' }))).toEqual({ code: 500, msg: '请输入正文内容' });
    expect(await post(article({ cover: pdf }))).toEqual({ code: 500, msg: '封面图片须为上传的图片' });
    expect(await post(article({ productId: draft }))).toEqual({ code: 500, msg: '关联的能力不存在或未发布' });
    expect(await post(article({ productId: published, ownerId: boss.userId }))).toEqual({
      code: 500,
      msg: '关联的能力不属于该企业',
    });
    expect(await post(article({ ownerId: boss.userId }))).toEqual({ code: 500, msg: '关联的企业不存在' });
    expect(await server.db.query('SELECT count(*) AS n FROM portal_articles')).toEqual(before);
  });

  it('an admin replaces and deletes an article; others are refused', async () => {
    const id = await created(boss.client.call('POST', '/portal/admin/article', article()));
    expect(await put(boss.client, `/portal/admin/article/${id}`, article({ title: '改后的标题' }))).toEqual({
      code: 200,
      msg: '修改成功',
    });
    expect((await visitor().call<ArticleDetail>('GET', `/portal/article/${id}`)).data?.title).toBe('改后的标题');
    const user = (await registered(server)).client;
    const company = (await enterprise(server)).client;
    expect(await visitor().call('POST', '/portal/admin/article', article())).toEqual(UNAUTHORIZED);
    for (const caller of [user, company]) {
      expect(await caller.call('POST', '/portal/admin/article', article())).toEqual(FORBIDDEN);
      expect(await put(caller, `/portal/admin/article/${id}`, article({ title: '篡改' }))).toEqual(FORBIDDEN);
      expect(await caller.call('DELETE', `/portal/admin/article/${id}`)).toEqual(FORBIDDEN);
    }
    expect((await visitor().call<ArticleDetail>('GET', `/portal/article/${id}`)).data?.title).toBe('改后的标题');
    expect(await boss.client.call('DELETE', `/portal/admin/article/${id}`)).toEqual({ code: 200, msg: '删除成功' });
    expect(await boss.client.call('DELETE', `/portal/admin/article/${id}`)).toEqual(NOT_FOUND);
    expect(await visitor().call('GET', `/portal/article/${id}`)).toEqual(NOT_FOUND);
    expect(await put(boss.client, '/portal/admin/article/99999999', article())).toEqual(NOT_FOUND);
  });
});

describe('experts', () => {
  const expert = (overrides: Record<string, unknown> = {}) => ({
    name: '王建国',
    title: '教授级高级工程师',
    organisation: '浙江大学机械工程学院',
    field: '智能制造',
    summary: '长期从事数控装备与工业互联网研究',
    introduction: '主持国家重点研发计划项目3项。',
    achievements: ['国家科技进步二等奖', '授权发明专利40余项'],
    phone: '0571-87950000',
    email: 'wang@example.edu.cn',
    ...overrides,
  });

  it('lists by field and keyword; contact details only for a logged-in reader', async () => {
    const account = await registered(server);
    const id = await created(
      boss.client.call('POST', '/portal/admin/expert', expert({ userId: account.userId, avatar: picture })),
    );
    await created(
      boss.client.call(
        'POST',
        '/portal/admin/expert',
        expert({ name: '李敏', field: '冷链物流', organisation: '上海海事大学', summary: '冷链与港口物流' }),
      ),
    );
    const list = (query: string) =>
      visitor()
        .call<PageOf<ExpertSummary>>('GET', `/portal/expert/list${query}`)
        .then((a) => a.data);
    expect((await list(`?field=${encodeURIComponent('智能制造')}`))?.rows.map((r) => r.name)).toEqual(['王建国']);
    expect((await list(`?keyword=${encodeURIComponent('浙江 数控')}`))?.rows.map((r) => r.name)).toEqual(['王建国']);
    expect((await list(`?keyword=${encodeURIComponent('冷链')}`))?.rows.map((r) => r.name)).toEqual(['李敏']);

    const seen = await visitor().call<ExpertDetail>('GET', `/portal/expert/${id}`);
    expect(seen.data).toMatchObject({
      name: '王建国',
      avatar: picture,
      achievements: ['国家科技进步二等奖', '授权发明专利40余项'],
      contact: null,
      userId: account.userId,
    });
    const reader = await registered(server);
    expect((await reader.client.call<ExpertDetail>('GET', `/portal/expert/${id}`)).data?.contact).toEqual({
      phone: '0571-87950000',
      email: 'wang@example.edu.cn',
    });
    expect(await new PortalClient(server, 'forged').call('GET', `/portal/expert/${id}`)).toEqual(UNAUTHORIZED);
  });

  it('refuses a bad form, replaces and deletes', async () => {
    const post = (body: object) => boss.client.call<{ id: string }>('POST', '/portal/admin/expert', body);
    expect(await post(expert({ name: '' }))).toEqual({ code: 500, msg: '请输入专家姓名' });
    expect(await post(expert({ email: 'not-mail' }))).toEqual({ code: 500, msg: '邮箱格式不正确' });
    expect(await post(expert({ phone: 'call me' }))).toEqual({ code: 500, msg: '联系电话格式不正确' });
    expect(await post(expert({ achievements: Array(21).fill('成果') }))).toEqual({
      code: 500,
      msg: '主要成果最多20条',
    });
    expect(await post(expert({ userId: 'nobody' }))).toEqual({ code: 500, msg: '专家的平台账号不存在' });
    const id = await created(post(expert({ name: '赵工' })));
    expect((await put(boss.client, `/portal/admin/expert/${id}`, expert({ name: '赵总工' }))).code).toBe(200);
    expect((await visitor().call<ExpertDetail>('GET', `/portal/expert/${id}`)).data?.name).toBe('赵总工');
    expect(await (await registered(server)).client.call('DELETE', `/portal/admin/expert/${id}`)).toEqual(FORBIDDEN);
    expect((await boss.client.call('DELETE', `/portal/admin/expert/${id}`)).code).toBe(200);
    expect(await visitor().call('GET', `/portal/expert/${id}`)).toEqual(NOT_FOUND);
  });
});

describe('clusters', () => {
  it('an admin groups approved enterprises; the public sees the visible members only', async () => {
    const a = await enterprise(server, '苏州纳米材料有限公司');
    const b = await enterprise(server, '苏州生物医药有限公司');
    const cluster = {
      name: '苏州工业园区产业集群',
      region: '江苏苏州',
      cover: picture,
      summary: '纳米技术与生物医药',
      introduction: '园区集聚企业两千余家。',
      memberIds: [a.userId, b.userId],
    };
    const id = await created(boss.client.call('POST', '/portal/admin/cluster', cluster));
    const listed = async () =>
      (await visitor().call<Cluster[]>('GET', '/portal/cluster/list')).data?.find((c) => c.id === id);
    expect(await listed()).toEqual({
      id,
      name: '苏州工业园区产业集群',
      region: '江苏苏州',
      cover: picture,
      summary: '纳米技术与生物医药',
      memberCount: 2,
    });
    await server.db.query('UPDATE portal_accounts SET disabled = true WHERE user_id = $1', [b.userId]);
    const detail = await visitor().call<ClusterDetail>('GET', `/portal/cluster/${id}`);
    expect(detail.data).toMatchObject({ introduction: '园区集聚企业两千余家。', memberCount: 1 });
    expect(detail.data?.members.map((m) => m.userId)).toEqual([a.userId]);
    const members = await visitor().call<PageOf<{ userId: string }>>('GET', `/portal/enterprise/list?clusterId=${id}`);
    expect(members.data?.rows.map((m) => m.userId)).toEqual([a.userId]);

    expect((await put(boss.client, `/portal/admin/cluster/${id}`, { ...cluster, memberIds: [] })).code).toBe(200);
    expect((await listed())?.memberCount).toBe(0);
    expect((await boss.client.call('DELETE', `/portal/admin/cluster/${id}`)).code).toBe(200);
    expect(await visitor().call('GET', `/portal/cluster/${id}`)).toEqual(NOT_FOUND);
  });

  it('takes only approved enterprises as members', async () => {
    const person = await verifiedPerson(server);
    const answer = await boss.client.call('POST', '/portal/admin/cluster', {
      name: '集群',
      memberIds: [person.userId],
    });
    expect(answer).toEqual({ code: 500, msg: '集群成员须为已认证企业' });
    expect(await boss.client.call('POST', '/portal/admin/cluster', { name: '' })).toEqual({
      code: 500,
      msg: '请输入集群名称',
    });
    expect(await visitor().call('POST', '/portal/admin/cluster', { name: '集群' })).toEqual(UNAUTHORIZED);
  });
});

describe('home and match operations', () => {
  it('the home page gathers banners, abilities, content, chains and figures counted from rows', async () => {
    const owner = await enterprise(server, '无锡首页展示有限公司');
    await ability(server, owner, { name: '首页能力', publishedAt: Date.now() });
    await server.db.query(
      `INSERT INTO portal_advertisements (slot, title, image, link, sort_order, enabled, created_at) VALUES
         ('home_banner', '首页横幅', $1, '/supply', 0, true, 0),
         ('home_banner', '停用横幅', $1, '', 1, false, 0),
         ('home_strip', '通栏广告', $1, '', 0, true, 0)`,
      [picture],
    );
    const home = (await visitor().call<HomeData>('GET', '/portal/home')).data;
    expect(home?.banners).toEqual([{ id: expect.any(String), title: '首页横幅', image: picture, link: '/supply' }]);
    expect(home?.featuredAbilities.map((a) => a.productName)).toContain('首页能力');
    for (const list of [home?.featuredAbilities, home?.clusters, home?.releases, home?.news, home?.experts]) {
      expect(list?.length).toBeLessThanOrEqual(8);
    }
    const [counts] = await server.db.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM portal_experts)::text AS experts,
              (SELECT count(*) FROM portal_enterprise_auth e JOIN portal_accounts a ON a.user_id = e.user_id
                WHERE e.status = 1 AND NOT a.disabled)::text AS enterprises`,
    );
    expect(home?.figures).toMatchObject({ experts: Number(counts?.experts), enterprises: Number(counts?.enterprises) });
  });

  it('match operations show open needs and agreed cooperation by name', async () => {
    const seeker = await enterprise(server, '合肥需求方电子有限公司');
    const maker = await enterprise(server, '合肥供给方精密有限公司');
    await server.db.query(
      `INSERT INTO portal_needs (owner_id, category_id, title, content, status, created_at)
       VALUES ($1, 4, '急需冷链仓储', '合肥周边5000平米', 0, $2), ($1, 4, '已关闭的需求', '', 1, $2)`,
      [seeker.userId, Date.now()],
    );
    const productId = await ability(server, maker, { name: '精密冲压' });
    await server.db.query(
      `INSERT INTO portal_cooperation_requests (to_user, id, from_user, subject, message, product_id, apply_status,
                                                created_at, handled_at)
       VALUES ($1, 'coop-match-1', $2, '精密冲压', '合作', $3, 1, $4, $4)`,
      [maker.userId, seeker.userId, productId, Date.now()],
    );
    const data = (await visitor().call<MatchOperations>('GET', '/portal/match/operations')).data;
    expect(data?.openNeeds.map((n) => n.title)).toContain('急需冷链仓储');
    expect(data?.openNeeds.map((n) => n.title)).not.toContain('已关闭的需求');
    expect(data?.openNeeds.find((n) => n.title === '急需冷链仓储')).toMatchObject({
      categoryName: '仓储物流',
      enterpriseName: '合肥需求方电子有限公司',
      ownerId: seeker.userId,
    });
    expect(data?.recentMatches[0]).toEqual({
      productName: '精密冲压',
      productId,
      fromEnterprise: '合肥需求方电子有限公司',
      toEnterprise: '合肥供给方精密有限公司',
      agreedAt: expect.any(Number),
    });
    expect(data?.figures.agreedThisMonth).toBeGreaterThanOrEqual(1);
    expect(data?.figures.agreedTotal).toBeGreaterThanOrEqual(data?.figures.agreedThisMonth ?? 0);
  });
});
