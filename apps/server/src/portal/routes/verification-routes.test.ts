import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { setAdmin } from '../admins';
import { creditCodeCheckChar, idCardCheckDigit } from '../identity';
import { freshMobile, PortalClient } from '../test-client';

/** Beta applications and enterprise verification, and the administrators who review them. */
let server: LiaisonServer;
let admin: PortalClient;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  const mobile = freshMobile();
  admin = new PortalClient(server);
  await admin.register(mobile, 'Secret123');
  await setAdmin(server.db, mobile, true);
});
afterAll(() => server.close());

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const creditCode = (first17: string) => first17 + creditCodeCheckChar(first17);
let idSerial = 100;

async function verifiedUser(): Promise<{ client: PortalClient; userId: string }> {
  const client = new PortalClient(server);
  await client.register(freshMobile(), 'Secret123');
  idSerial += 1;
  const first17 = `32010219900101${idSerial}`;
  const auth = await client.call('POST', '/portal/self/center/personal/real/name/auth', {
    realName: '赵六',
    idCard: first17 + idCardCheckDigit(first17),
  });
  expect(auth.code).toBe(200);
  const me = await client.call<{ userId: string }>('GET', '/portal/self/center/info');
  return { client, userId: me.data?.userId ?? '' };
}

async function material(client: PortalClient, overrides: Record<string, string> = {}) {
  const licence = await client.upload('licence.pdf', PDF);
  return {
    enterpriseName: '杭州示例科技有限公司',
    creditCode: creditCode('91330100MA27XL0P2'),
    legalPerson: '赵六',
    contactPhone: '0571-88886666',
    address: '浙江省杭州市西湖区文三路90号',
    businessLicense: licence.fileName as string,
    ...overrides,
  };
}

const person = async (client: PortalClient) =>
  (await client.call<Record<string, unknown>>('GET', '/portal/self/center/info')).data;

describe('beta applications', () => {
  it('go from not applied to awaiting to approved, reviewed by an administrator', async () => {
    const { client, userId } = await verifiedUser();
    expect(await client.call('GET', '/portal/supply/chain/apply/beta')).toEqual({
      code: 200,
      msg: '申请成功，请等待审核',
      data: true,
    });
    expect((await person(client))?.betaStatus).toBe(false);
    expect((await client.call('GET', '/portal/supply/chain/apply/beta')).msg).toBe('已提交申请，请等待审核');

    const pending = await admin.call<{ rows: Array<{ userId: string }> }>('GET', '/system/review/beta?status=0');
    expect(pending.data?.rows.map((p) => p.userId)).toContain(userId);
    expect((await admin.call('POST', `/system/review/beta/${userId}`, { approve: true })).code).toBe(200);
    expect((await person(client))?.betaStatus).toBe(true);
    expect((await client.call('GET', '/portal/supply/chain/apply/beta')).msg).toBe('您已开通内测');
    expect(await admin.call('POST', `/system/review/beta/${userId}`, { approve: true })).toEqual({
      code: 500,
      msg: '没有待审核的内测申请',
    });
  });

  it('rejected, go back to not applied so the user may apply again', async () => {
    const { client, userId } = await verifiedUser();
    await client.call('GET', '/portal/supply/chain/apply/beta');
    await admin.call('POST', `/system/review/beta/${userId}`, { approve: false, reason: '名额已满' });
    expect((await person(client))?.betaStatus).toBeNull();
  });
});

describe('enterprise verification', () => {
  it('needs real-name verification first', async () => {
    const client = new PortalClient(server);
    await client.register(freshMobile(), 'Secret123');
    expect(await client.call('POST', '/portal/supply/chain/upload/auth/data', await material(client))).toEqual({
      code: 500,
      msg: '请先完成实名认证',
    });
  });

  it('checks the credit code and the licence, changing nothing when refused', async () => {
    const { client } = await verifiedUser();
    const submit = async (overrides: Record<string, string>) =>
      client.call('POST', '/portal/supply/chain/upload/auth/data', await material(client, overrides));
    const good = creditCode('91330100MA27XL0P2');
    const wrongCheck = good.slice(0, 17) + (good[17] === 'A' ? 'B' : 'A');
    expect(await submit({ creditCode: wrongCheck })).toEqual({ code: 500, msg: '统一社会信用代码不正确' });
    expect(await submit({ businessLicense: '/profile/upload/2026/01/01/nope.pdf' })).toEqual({
      code: 500,
      msg: '请上传营业执照（图片或PDF）',
    });
    const someoneElses = await admin.upload('theirs.pdf', PDF);
    expect(await submit({ businessLicense: someoneElses.fileName as string })).toEqual({
      code: 500,
      msg: '请上传营业执照（图片或PDF）',
    });
    const text = await client.upload('licence.txt', Buffer.from('not a licence'));
    expect(await submit({ businessLicense: text.fileName as string })).toEqual({
      code: 500,
      msg: '请上传营业执照（图片或PDF）',
    });
    expect(await submit({ contactPhone: '12345' })).toEqual({ code: 500, msg: '请输入正确的联系电话' });
    expect(await submit({ enterpriseName: '企'.repeat(101) })).toEqual({ code: 500, msg: '企业名称不能超过100个字符' });
    expect(await submit({ address: '  ' })).toEqual({ code: 500, msg: '请输入企业地址' });
    expect(await client.call('GET', '/portal/supply/chain/auth/data')).toMatchObject({ code: 200, data: null });
    expect((await person(client))?.userType).toBe(1);
  });

  it('goes pending, is refused twice, can be edited, rejected with a reason, resubmitted and approved', async () => {
    const { client, userId } = await verifiedUser();
    const body = await material(client);
    expect(await client.call('POST', '/portal/supply/chain/upload/auth/data', body)).toEqual({
      code: 200,
      msg: '提交成功，请等待审核',
    });
    expect(await person(client)).toMatchObject({ userType: 2, status: 0 });
    expect(await client.call('POST', '/portal/supply/chain/upload/auth/data', body)).toEqual({
      code: 500,
      msg: '企业认证资料已提交，请勿重复提交',
    });
    const edited = { ...body, enterpriseName: '杭州示例数字科技有限公司' };
    expect((await client.call('POST', '/portal/supply/chain/edit/auth/data', edited)).msg).toBe('修改成功，请等待审核');

    const queue = await admin.call<{ rows: Array<{ userId: string; enterprise: { enterpriseName: string } }> }>(
      'GET',
      '/system/review/enterprise?status=0&pageSize=100',
    );
    expect(queue.data?.rows.find((q) => q.userId === userId)?.enterprise.enterpriseName).toBe(
      '杭州示例数字科技有限公司',
    );
    expect(await admin.call('POST', `/system/review/enterprise/${userId}`, { approve: false })).toEqual({
      code: 500,
      msg: '请填写驳回原因',
    });
    await admin.call('POST', `/system/review/enterprise/${userId}`, { approve: false, reason: '营业执照不清晰' });
    expect(await person(client)).toMatchObject({ status: 2, enterprise: { rejectReason: '营业执照不清晰' } });

    await client.call('POST', '/portal/supply/chain/edit/auth/data', edited);
    expect(await person(client)).toMatchObject({ status: 0, enterprise: { rejectReason: '' } });
    await admin.call('POST', `/system/review/enterprise/${userId}`, { approve: true });
    expect(await person(client)).toMatchObject({ userType: 2, status: 1 });
    expect(await client.call('POST', '/portal/supply/chain/edit/auth/data', edited)).toEqual({
      code: 500,
      msg: '企业认证已通过，无法修改',
    });
  });
});

describe('an enterprise verified once', () => {
  it('refuses material repeating an approved enterprise’s credit code or name, and its approval', async () => {
    const first = await verifiedUser();
    const original = await material(first.client, {
      enterpriseName: '常州重名检测（集团）有限公司',
      creditCode: creditCode('91320400MA1PQ3R7K'),
    });
    expect((await first.client.call('POST', '/portal/supply/chain/upload/auth/data', original)).code).toBe(200);
    const copycat = await verifiedUser();
    const copy = await material(copycat.client, {
      enterpriseName: '另一家检测有限公司',
      creditCode: creditCode('91320400MA1PQ3R8K'),
    });
    // Submitted while the first still awaited review, so only the approval can catch it.
    const waiting = { ...copy, creditCode: original.creditCode };
    expect((await copycat.client.call('POST', '/portal/supply/chain/upload/auth/data', waiting)).code).toBe(200);
    expect((await admin.call('POST', `/system/review/enterprise/${first.userId}`, { approve: true })).code).toBe(200);

    expect(await admin.call('POST', `/system/review/enterprise/${copycat.userId}`, { approve: true })).toEqual({
      code: 500,
      msg: '该统一社会信用代码已被其他企业认证，不能重复通过',
    });
    expect(await person(copycat.client)).toMatchObject({ status: 0 });
    const edit = (body: Record<string, string>) =>
      copycat.client.call('POST', '/portal/supply/chain/edit/auth/data', body);
    expect(await edit(waiting)).toEqual({ code: 500, msg: '该统一社会信用代码已被其他企业认证' });
    // The same name, written with half-width brackets and a space, is the same enterprise.
    expect(await edit({ ...copy, enterpriseName: '常州重名检测 (集团)有限公司' })).toEqual({
      code: 500,
      msg: '该企业名称已被其他企业认证',
    });
    const third = await verifiedUser();
    const again = await material(third.client, { creditCode: original.creditCode });
    expect(await third.client.call('POST', '/portal/supply/chain/upload/auth/data', again)).toEqual({
      code: 500,
      msg: '该统一社会信用代码已被其他企业认证',
    });
    expect(await person(third.client)).toMatchObject({ userType: 1, enterprise: null });
    // Rejecting the copy stays possible.
    const rejected = { approve: false, reason: '该企业已由其他账号认证' };
    expect((await admin.call('POST', `/system/review/enterprise/${copycat.userId}`, rejected)).code).toBe(200);
  });
});

describe('administration', () => {
  it('is refused to everyone without the admin role', async () => {
    const { client, userId } = await verifiedUser();
    const forbidden = { code: 403, msg: '当前操作没有权限' };
    expect(await client.call('GET', '/system/review/beta')).toEqual(forbidden);
    expect(await client.call('POST', `/system/review/beta/${userId}`, { approve: true })).toEqual(forbidden);
    expect(await client.call('GET', '/system/review/enterprise')).toEqual(forbidden);
    expect(await client.call('POST', `/system/review/enterprise/${userId}`, { approve: true })).toEqual(forbidden);
    expect(await new PortalClient(server).call('GET', '/system/review/beta')).toMatchObject({ code: 401 });
  });

  it('never asks an administrator to verify: its user info says admin and passes the beta it never applied for', async () => {
    expect((await admin.call('GET', '/portal/self/center/info')).data).toMatchObject({
      accountKind: 'admin',
      betaStatus: true,
      enterpriseName: '',
    });
    expect((await admin.call<{ allowed: boolean }>('GET', '/portal/ai/status')).data?.allowed).toBe(true);
  });

  it('gives administrators the admin role and every permission', async () => {
    expect((await admin.call('GET', '/portal/self/center/get/permission')).data).toEqual({
      roles: ['admin', 'common'],
      permissions: ['*:*:*'],
    });
  });
});
