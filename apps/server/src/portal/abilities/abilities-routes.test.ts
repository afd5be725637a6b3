import type { AbilityDetail, AbilitySummary } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import type { PageOf } from '../paging';
import { freshMobile, PortalClient } from '../test-client';

/** Abilities in the management centre: an enterprise's capability entries and their recycle bin. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
});
afterAll(() => server.close());

const B = '/portal/supply/chain';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const NOT_FOUND = { code: 404, msg: '访问资源不存在' };
const FORBIDDEN = { code: 403, msg: '当前操作没有权限' };

async function userId(client: PortalClient): Promise<string> {
  return (await client.call<{ userId: string }>('GET', '/portal/self/center/info')).data?.userId ?? '';
}

async function person(): Promise<PortalClient> {
  const client = new PortalClient(server);
  expect((await client.register(freshMobile(), 'Secret123')).code).toBe(200);
  return client;
}

/** An approved enterprise; the review itself is covered by verification-routes.test.ts. */
async function enterprise(): Promise<{ client: PortalClient; id: string }> {
  const client = await person();
  const id = await userId(client);
  await server.db.query(
    `INSERT INTO portal_enterprise_auth (user_id, enterprise_name, credit_code, legal_person, contact_phone, address,
                                         business_license, status, submitted_at)
     VALUES ($1, '测试企业', '91320500MA1XK7Q2B0', '张三', '0512-66668888', '苏州', '', 1, 0)`,
    [id],
  );
  await server.db.query('UPDATE portal_accounts SET user_type = 2 WHERE user_id = $1', [id]);
  return { client, id };
}

/** A sub-account of `parentId` granted `abilityIds` (sub-account management is its own module). */
async function subAccount(parentId: string, abilityIds: string[]): Promise<PortalClient> {
  const client = await person();
  const id = await userId(client);
  await server.db.query('UPDATE portal_accounts SET parent_user_id = $2 WHERE user_id = $1', [id, parentId]);
  for (const abilityId of abilityIds) {
    await server.db.query('INSERT INTO portal_sub_account_abilities (sub_user_id, product_id) VALUES ($1, $2)', [
      id,
      abilityId,
    ]);
  }
  return client;
}

async function add(client: PortalClient, form: Record<string, unknown> = {}): Promise<string> {
  const answer = await client.call<{ id: string }>('POST', `${B}/add/product`, {
    productName: '精密CNC加工',
    categoryId: 2,
    ...form,
  });
  expect(answer.code).toBe(200);
  return answer.data?.id ?? '';
}

const detail = (client: PortalClient, id: string) => client.call<AbilityDetail>('POST', `${B}/detail`, { id });
const page = (client: PortalClient, query = '') =>
  client.call<PageOf<AbilitySummary>>('GET', `${B}/product/personal/page${query}`);
const recyclePage = (client: PortalClient, query = '') =>
  client.call<PageOf<AbilitySummary>>('GET', `${B}/product/personal/recycle/page${query}`);

describe('categories', () => {
  it('list the categories every deployment starts with, in order, to visitors too', async () => {
    const answer = await new PortalClient(server).call<Array<{ id: number; name: string }>>(
      'GET',
      `${B}/product/category/list`,
    );
    expect(answer.data?.slice(0, 3)).toEqual([
      { id: 1, name: '研发设计' },
      { id: 2, name: '生产制造' },
      { id: 3, name: '检验检测' },
    ]);
  });
});

describe('adding and editing an ability', () => {
  it('is refused to a platform administrator without an approved enterprise, as to a person', async () => {
    const platform = await person();
    await server.db.query('UPDATE portal_accounts SET is_admin = true WHERE user_id = $1', [await userId(platform)]);
    const permissions = await platform.call('GET', '/portal/self/center/get/permission');
    expect(permissions.data).toEqual({ roles: ['admin', 'common'], permissions: ['*:*:*'] });
    const form = { productName: '平台代发能力', categoryId: 2 };
    expect(await platform.call('POST', `${B}/add/product`, form)).toEqual(FORBIDDEN);
    expect(await (await person()).call('POST', `${B}/add/product`, form)).toEqual(FORBIDDEN);
    expect((await page(platform)).data?.total).toBe(0);

    const { client, id } = await enterprise();
    await server.db.query('UPDATE portal_accounts SET is_admin = true WHERE user_id = $1', [id]);
    expect((await client.call('GET', '/portal/self/center/get/permission')).data).toEqual({
      roles: ['admin', 'enterprise', 'common'],
      permissions: ['*:*:*'],
    });
    await add(client);
  });

  it('stores every field with the caller’s cover and attachments, and answers its ID as a string', async () => {
    const { client } = await enterprise();
    const cover = (await client.upload('cover.png', PNG)).fileName as string;
    const spec = await client.upload('工艺说明.pdf', PDF);
    const answer = await client.call<{ id: string }>('POST', `${B}/add/product`, {
      productName: '  五轴CNC精密加工  ',
      categoryId: 2,
      summary: '航空铝、钛合金零件加工',
      description: '<h2>加工能力</h2><p>公差 <strong>±0.005mm</strong></p>',
      cover,
      attachments: [spec.fileName],
      keywords: 'CNC,五轴',
      status: 1,
    });
    expect(answer).toMatchObject({ code: 200, msg: '发布成功' });
    expect(typeof answer.data?.id).toBe('string');
    const { data } = await detail(client, answer.data?.id ?? '');
    expect(data).toMatchObject({
      id: answer.data?.id,
      productName: '五轴CNC精密加工',
      categoryId: 2,
      categoryName: '生产制造',
      summary: '航空铝、钛合金零件加工',
      description: '<h2>加工能力</h2><p>公差 <strong>±0.005mm</strong></p>',
      cover,
      attachments: [{ fileName: spec.fileName, originalName: '工艺说明.pdf', size: PDF.length }],
      keywords: 'CNC,五轴',
      status: 1,
      viewCount: 0,
      deletedAt: null,
    });
    expect(data?.publishedAt).toBeGreaterThan(0);
  });

  it('saves a draft by default and publishes it when edited with status 1', async () => {
    const { client } = await enterprise();
    const id = await add(client);
    expect((await detail(client, id)).data).toMatchObject({ status: 0, publishedAt: null });
    const edited = await client.call('POST', `${B}/edit/product`, {
      id,
      productName: '钣金加工',
      categoryId: 2,
      status: 1,
    });
    expect(edited).toMatchObject({ code: 200, msg: '修改成功' });
    const { data } = await detail(client, id);
    expect(data).toMatchObject({ productName: '钣金加工', status: 1 });
    expect(data?.publishedAt).toBeGreaterThan(0);
  });

  it('refuses bad fields with the form’s messages and stores nothing', async () => {
    const { client } = await enterprise();
    const submit = (form: Record<string, unknown>) =>
      client.call('POST', `${B}/add/product`, { productName: '仓储服务', categoryId: 4, ...form });
    expect(await submit({ productName: '   ' })).toEqual({ code: 500, msg: '请输入能力名称' });
    expect(await submit({ productName: '能'.repeat(51) })).toEqual({ code: 500, msg: '能力名称不能超过50个字符' });
    expect(await submit({ categoryId: 0 })).toEqual({ code: 500, msg: '请选择能力分类' });
    expect(await submit({ categoryId: 999 })).toEqual({ code: 500, msg: '能力分类不存在' });
    expect(await submit({ summary: '简'.repeat(201) })).toEqual({ code: 500, msg: '能力简介不能超过200个字符' });
    expect(await submit({ status: 2 })).toEqual({ code: 500, msg: '能力状态不正确' });
    expect(await submit({ description: `<p>${'长'.repeat(200_001)}</p>` })).toEqual({
      code: 500,
      msg: '能力详情内容过长',
    });
    const files = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => client.upload(`${n}.pdf`, PDF)));
    expect(await submit({ attachments: files.map((f) => f.fileName) })).toEqual({
      code: 500,
      msg: '附件数量不能超过5个',
    });
    expect((await page(client)).data?.total).toBe(0);
  });

  it('accepts only the enterprise’s own public uploads of the right kind as cover and attachments', async () => {
    const { client } = await enterprise();
    const other = await enterprise();
    const theirs = (await other.client.upload('a.pdf', PDF)).fileName;
    const privateOne = (await client.upload('b.pdf', PDF, 'private')).fileName;
    const picture = (await client.upload('c.png', PNG)).fileName;
    const pdf = (await client.upload('d.pdf', PDF)).fileName;
    const submit = (form: Record<string, unknown>) =>
      client.call('POST', `${B}/add/product`, { productName: '仓储服务', categoryId: 4, ...form });
    const badAttachment = { code: 500, msg: '附件不存在或格式不正确，请上传doc/xls/ppt/txt/pdf格式文件' };
    expect(await submit({ attachments: [theirs] })).toEqual(badAttachment);
    expect(await submit({ attachments: [privateOne] })).toEqual(badAttachment);
    expect(await submit({ attachments: [picture] })).toEqual(badAttachment);
    expect(await submit({ attachments: ['/profile/upload/2026/01/01/nope.pdf'] })).toEqual(badAttachment);
    expect(await submit({ cover: pdf })).toEqual({ code: 500, msg: '封面图片不存在或不可用' });
    expect(await submit({ cover: (await other.client.upload('x.png', PNG)).fileName })).toEqual({
      code: 500,
      msg: '封面图片不存在或不可用',
    });
    expect((await submit({ cover: picture, attachments: [pdf] })).code).toBe(200);
  });
});

describe('the rich-text description', () => {
  it('keeps the allowed markup and drops scripts, handlers, javascript links and foreign images', async () => {
    const { client } = await enterprise();
    const own = (await client.upload('pic.png', PNG)).fileName as string;
    const id = await add(client, {
      description: [
        '<h3>服务范围</h3><p><strong>粗</strong><em>斜</em><u>下划线</u><s>删除</s></p>',
        '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote>',
        '<table><tbody><tr><td colspan="2">表格</td></tr></tbody></table>',
        '<script>alert(1)</script><style>p{}</style>',
        `<img src="/prod-api${own}" alt="工厂" onerror="alert(2)">`,
        '<img src="https://evil.example/x.png"><img src="data:image/png;base64,AAAA">',
        '<a href="javascript:alert(3)">坏链接</a><a href="https://example.com" onclick="x()">好链接</a>',
        '<a href="mailto:sales@example.com">邮件</a><iframe src="https://example.com"></iframe>',
        '<p style="color:red" class="x">样式</p>',
      ].join(''),
    });
    expect((await detail(client, id)).data?.description).toBe(
      [
        '<h3>服务范围</h3><p><strong>粗</strong><em>斜</em><u>下划线</u><s>删除</s></p>',
        '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote>',
        '<table><tbody><tr><td colspan="2">表格</td></tr></tbody></table>',
        `<img src="/prod-api${own}" alt="工厂" />`,
        '<a>坏链接</a><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">好链接</a>',
        '<a href="mailto:sales@example.com" target="_blank" rel="noopener noreferrer nofollow">邮件</a>',
        '<p>样式</p>',
      ].join(''),
    );
  });
});

describe('the personal list', () => {
  it('pages newest change first and filters by name, category and status', async () => {
    const { client } = await enterprise();
    await add(client, { productName: 'CNC加工', categoryId: 2, status: 1 });
    await add(client, { productName: '模具设计', categoryId: 1, status: 1 });
    await add(client, { productName: '钣金_折弯', categoryId: 2 });
    const all = await page(client, '?pageNum=1&pageSize=2');
    expect(all.data?.total).toBe(3);
    expect(all.data?.rows.map((r) => r.productName)).toEqual(['钣金_折弯', '模具设计']);
    expect((await page(client, '?pageNum=2&pageSize=2')).data?.rows.map((r) => r.productName)).toEqual(['CNC加工']);
    expect((await page(client, '?productName=cnc')).data?.rows.map((r) => r.productName)).toEqual(['CNC加工']);
    expect((await page(client, '?productName=_')).data?.rows.map((r) => r.productName)).toEqual(['钣金_折弯']);
    expect((await page(client, '?categoryId=2')).data?.total).toBe(2);
    expect((await page(client, '?categoryId=0')).data?.total).toBe(3);
    expect((await page(client, '?status=0')).data?.rows.map((r) => r.productName)).toEqual(['钣金_折弯']);
    expect((await page(client, '?status=&categoryId=')).data?.total).toBe(3);
  });

  it('refuses a bad page, category or status', async () => {
    const { client } = await enterprise();
    expect(await page(client, '?pageSize=1000')).toEqual({ code: 500, msg: '每页条数不正确' });
    expect(await page(client, '?categoryId=x')).toEqual({ code: 500, msg: '能力分类不正确' });
    expect(await page(client, '?status=7')).toEqual({ code: 500, msg: '能力状态不正确' });
  });
});

describe('publishing and taking offline', () => {
  it('moves an ability between published and offline', async () => {
    const { client } = await enterprise();
    const id = await add(client);
    const status = (s: unknown) => client.call('POST', `${B}/product/personal/status`, { id, status: s });
    expect(await status(1)).toEqual({ code: 200, msg: '发布成功' });
    expect((await detail(client, id)).data?.status).toBe(1);
    expect(await status(2)).toEqual({ code: 200, msg: '已下架' });
    expect((await detail(client, id)).data?.status).toBe(2);
    expect(await status(0)).toEqual({ code: 500, msg: '能力状态不正确' });
  });
});

describe('the recycle bin', () => {
  it('takes a deleted ability out of the list, recovers it, and removes it for good only from the bin', async () => {
    const { client } = await enterprise();
    const id = await add(client, { productName: '仓储配送', categoryId: 4, status: 1 });
    const keep = await add(client, { productName: '冷链运输', categoryId: 4 });
    expect(await client.call('DELETE', `${B}/product/personal/ensure/${id}`)).toEqual({
      code: 500,
      msg: '只能彻底删除回收站中的能力',
    });
    expect(await client.call('DELETE', `${B}/product/personal/${id}`)).toEqual({ code: 200, msg: '已移入回收站' });
    expect((await page(client)).data?.rows.map((r) => r.id)).toEqual([keep]);
    const bin = await recyclePage(client);
    expect(bin.data?.total).toBe(1);
    expect(bin.data?.rows[0]).toMatchObject({ id, productName: '仓储配送' });
    expect(bin.data?.rows[0]?.deletedAt).toBeGreaterThan(0);
    expect((await recyclePage(client, '?productName=冷链')).data?.total).toBe(0);
    // In the bin it cannot be edited or deleted again, only recovered.
    expect(await client.call('POST', `${B}/edit/product`, { id, productName: 'x', categoryId: 4 })).toEqual(NOT_FOUND);
    expect(await client.call('DELETE', `${B}/product/personal/${id}`)).toEqual(NOT_FOUND);

    expect(await client.call('POST', `${B}/product/personal/recover`, { ids: [id] })).toEqual({
      code: 200,
      msg: '恢复成功',
    });
    expect((await page(client)).data?.total).toBe(2);
    expect((await detail(client, id)).data).toMatchObject({ status: 1, deletedAt: null });

    await client.call('DELETE', `${B}/product/personal/${id}`);
    expect(await client.call('DELETE', `${B}/product/personal/ensure/${id}`)).toEqual({
      code: 200,
      msg: '已彻底删除',
    });
    expect(await detail(client, id)).toEqual(NOT_FOUND);
    expect((await recyclePage(client)).data?.total).toBe(0);
  });

  it('recovers nothing when one of the named abilities is not in the bin', async () => {
    const { client } = await enterprise();
    const deleted = await add(client);
    const live = await add(client);
    await client.call('DELETE', `${B}/product/personal/${deleted}`);
    expect(await client.call('POST', `${B}/product/personal/recover`, { ids: [deleted, live] })).toEqual(NOT_FOUND);
    expect((await recyclePage(client)).data?.total).toBe(1);
    expect(await client.call('POST', `${B}/product/personal/recover`, {})).toEqual({
      code: 500,
      msg: '请选择要恢复的能力',
    });
    expect((await client.call('POST', `${B}/product/personal/recover`, { id: deleted })).code).toBe(200);
  });
});

describe('IDOR: someone else’s ability', () => {
  async function aAndAbilities() {
    const a = await enterprise();
    const live = await add(a.client, { productName: 'A的能力', status: 1 });
    const binned = await add(a.client, { productName: 'A的回收站能力' });
    await a.client.call('DELETE', `${B}/product/personal/${binned}`);
    return { a, live, binned };
  }

  /** Every call another party might try with A's IDs, and what each must leave unchanged. */
  async function expectUntouched(intruder: PortalClient, live: string, binned: string, refusal: object) {
    expect(await intruder.call('POST', `${B}/detail`, { id: live })).toEqual(refusal);
    expect(await intruder.call('POST', `${B}/detail`, { id: binned })).toEqual(refusal);
    expect(
      await intruder.call('POST', `${B}/edit/product`, { id: live, productName: '篡改', categoryId: 1, status: 0 }),
    ).toEqual(refusal);
    expect(await intruder.call('POST', `${B}/product/personal/status`, { id: live, status: 2 })).toEqual(refusal);
  }

  it('is answered as absent to another enterprise, and nothing changes', async () => {
    const { a, live, binned } = await aAndAbilities();
    const b = await enterprise();
    await expectUntouched(b.client, live, binned, NOT_FOUND);
    expect(await b.client.call('DELETE', `${B}/product/personal/${live}`)).toEqual(NOT_FOUND);
    expect(await b.client.call('POST', `${B}/product/personal/recover`, { ids: [binned] })).toEqual(NOT_FOUND);
    expect(await b.client.call('DELETE', `${B}/product/personal/ensure/${binned}`)).toEqual(NOT_FOUND);
    expect((await page(b.client)).data?.total).toBe(0);
    expect((await recyclePage(b.client)).data?.total).toBe(0);
    expect((await detail(a.client, live)).data).toMatchObject({ productName: 'A的能力', status: 1, deletedAt: null });
    expect((await recyclePage(a.client)).data?.rows.map((r) => r.id)).toEqual([binned]);
  });

  it('refuses a visitor with 401 and a person without an enterprise with 403', async () => {
    const { a, live, binned } = await aAndAbilities();
    const visitor = new PortalClient(server);
    await expectUntouched(visitor, live, binned, { code: 401, msg: '认证失败，无法访问系统资源' });
    expect((await page(visitor)).code).toBe(401);
    const someone = await person();
    await expectUntouched(someone, live, binned, FORBIDDEN);
    expect(await someone.call('POST', `${B}/add/product`, { productName: 'x', categoryId: 1 })).toEqual(FORBIDDEN);
    expect(await someone.call('DELETE', `${B}/product/personal/${live}`)).toEqual(FORBIDDEN);
    expect(await someone.call('POST', `${B}/product/personal/recover`, { ids: [binned] })).toEqual(FORBIDDEN);
    expect(await someone.call('DELETE', `${B}/product/personal/ensure/${binned}`)).toEqual(FORBIDDEN);
    expect((await detail(a.client, live)).data).toMatchObject({ productName: 'A的能力', status: 1 });
  });

  it('lets a sub-account see and edit only its granted abilities, and never add or remove', async () => {
    const { a, live, binned } = await aAndAbilities();
    const granted = await add(a.client, { productName: '授权的能力' });
    const sub = await subAccount(a.id, [granted]);
    expect((await page(sub)).data?.rows.map((r) => r.id)).toEqual([granted]);
    await expectUntouched(sub, live, binned, NOT_FOUND);
    expect(
      (await sub.call('POST', `${B}/edit/product`, { id: granted, productName: '子账号修改', categoryId: 3 })).code,
    ).toBe(200);
    expect((await sub.call('POST', `${B}/product/personal/status`, { id: granted, status: 1 })).code).toBe(200);
    expect((await detail(a.client, granted)).data).toMatchObject({
      productName: '子账号修改',
      categoryId: 3,
      status: 1,
    });
    expect(await sub.call('POST', `${B}/add/product`, { productName: 'x', categoryId: 1 })).toEqual(FORBIDDEN);
    expect(await sub.call('DELETE', `${B}/product/personal/${granted}`)).toEqual(FORBIDDEN);
    expect(await recyclePage(sub)).toEqual(FORBIDDEN);
    expect(await sub.call('POST', `${B}/product/personal/recover`, { ids: [binned] })).toEqual(FORBIDDEN);
    expect(await sub.call('DELETE', `${B}/product/personal/ensure/${binned}`)).toEqual(FORBIDDEN);
    expect((await detail(a.client, live)).data).toMatchObject({ productName: 'A的能力', status: 1 });
  });

  it('answers a malformed or unknown ID as absent', async () => {
    const { client } = await enterprise();
    expect(await detail(client, '99999999999')).toEqual(NOT_FOUND);
    expect(await detail(client, 'abc')).toEqual(NOT_FOUND);
    expect(await client.call('DELETE', `${B}/product/personal/1%20OR%201=1`)).toEqual(NOT_FOUND);
  });
});
