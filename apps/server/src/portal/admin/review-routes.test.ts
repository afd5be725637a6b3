import type { BetaApplication, BetaReview, EnterpriseApplication, EnterpriseMaterial } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import type { PageOf } from '../paging';
import type { PortalClient } from '../test-client';
import { type Cast, castOf, FORBIDDEN, NOT_FOUND, submitEnterprise, userIdOf } from './admin-test-kit';

let server: LiaisonServer;
let cast: Cast;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  cast = await castOf(server);
});
afterAll(() => server.close());

async function betaApplicant(): Promise<{ client: PortalClient; userId: string }> {
  const client = await cast.user();
  expect((await client.call('GET', '/portal/supply/chain/apply/beta')).code).toBe(200);
  return { client, userId: await userIdOf(client) };
}

const betaPage = (query = '') => cast.admin.call<PageOf<BetaApplication>>('GET', `/system/review/beta${query}`);
const enterprisePage = (query = '') =>
  cast.admin.call<PageOf<EnterpriseApplication>>('GET', `/system/review/enterprise${query}`);

describe('beta review', () => {
  it('lists pending applications a page at a time, newest first, with masked numbers', async () => {
    const first = await betaApplicant();
    const second = await betaApplicant();
    const page = await betaPage('?status=0&pageNum=1&pageSize=1');
    expect(page.code).toBe(200);
    expect(page.data?.rows).toHaveLength(1);
    expect(page.data?.total).toBeGreaterThanOrEqual(2);
    expect(page.data?.rows[0]).toMatchObject({ userId: second.userId, status: 0, rejectReason: '' });
    expect(page.data?.rows[0]?.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const next = await betaPage(`?status=0&pageNum=2&pageSize=1`);
    expect(next.data?.rows[0]?.userId).toBe(first.userId);
  });

  it('finds an applicant by part of the mobile number or nickname', async () => {
    const { client, userId } = await betaApplicant();
    const person = await client.call<{ nickName: string }>('GET', '/portal/self/center/info');
    const byNick = await betaPage(`?keyword=${encodeURIComponent(person.data?.nickName ?? '')}`);
    expect(byNick.data?.rows.map((r) => r.userId)).toEqual([userId]);
    expect((await betaPage('?keyword=%25_%25')).data).toEqual({ rows: [], total: 0 });
  });

  it('approves an application, which then shows under approved and opens the beta', async () => {
    const { client, userId } = await betaApplicant();
    expect(await cast.admin.call('POST', `/system/review/beta/${userId}`, { approve: true })).toEqual({
      code: 200,
      msg: '已通过内测申请',
    });
    expect((await client.call<{ betaStatus: boolean }>('GET', '/portal/self/center/info')).data?.betaStatus).toBe(true);
    const approved = await betaPage('?status=1&pageSize=100');
    expect(approved.data?.rows.find((r) => r.userId === userId)?.status).toBe(1);
    expect(await cast.admin.call('POST', `/system/review/beta/${userId}`, { approve: true })).toEqual({
      code: 500,
      msg: '没有待审核的内测申请',
    });
  });

  it('rejects only with a reason of at most 200 characters, which the applicant then reads', async () => {
    const { client, userId } = await betaApplicant();
    expect(await cast.admin.call('POST', `/system/review/beta/${userId}`, { approve: false })).toEqual({
      code: 500,
      msg: '请填写驳回原因',
    });
    expect(await cast.admin.call('POST', `/system/review/beta/${userId}`, { approve: false, reason: '   ' })).toEqual({
      code: 500,
      msg: '请填写驳回原因',
    });
    expect(
      await cast.admin.call('POST', `/system/review/beta/${userId}`, { approve: false, reason: '长'.repeat(201) }),
    ).toEqual({ code: 500, msg: '驳回原因不能超过200个字符' });
    expect(await cast.admin.call('POST', `/system/review/beta/${userId}`, { approve: 'yes' })).toMatchObject({
      code: 500,
    });

    const rejected = await cast.admin.call('POST', `/system/review/beta/${userId}`, {
      approve: false,
      reason: '内测名额已满，请下月再申请',
    });
    expect(rejected).toEqual({ code: 200, msg: '已驳回内测申请' });
    const review = await client.call<BetaReview>('GET', '/portal/supply/chain/beta/review');
    expect(review.data).toMatchObject({ betaStatus: null, rejectReason: '内测名额已满，请下月再申请' });
    expect((await betaPage('?status=2&pageSize=100')).data?.rows.find((r) => r.userId === userId)).toMatchObject({
      status: 2,
      rejectReason: '内测名额已满，请下月再申请',
    });

    // Applying again is possible, and the old reason is no longer what the applicant is told.
    expect((await client.call('GET', '/portal/supply/chain/apply/beta')).msg).toBe('申请成功，请等待审核');
    expect((await client.call<BetaReview>('GET', '/portal/supply/chain/beta/review')).data).toMatchObject({
      betaStatus: false,
      rejectReason: '',
    });
  });

  it('refuses a bad status filter and bad paging', async () => {
    expect(await betaPage('?status=7')).toEqual({ code: 500, msg: '审核状态不正确' });
    expect(await betaPage('?pageSize=1000')).toEqual({ code: 500, msg: '每页条数不正确' });
    expect(await betaPage(`?keyword=${'字'.repeat(51)}`)).toEqual({ code: 500, msg: '搜索内容不能超过50个字符' });
  });
});

describe('enterprise review', () => {
  it('lists material with a licence link signed for the admin, filtered by status and name', async () => {
    const client = await cast.user();
    const licence = await submitEnterprise(client, '杭州审核测试科技有限公司');
    const userId = await userIdOf(client);
    const page = await enterprisePage(`?status=0&keyword=${encodeURIComponent('审核测试')}`);
    expect(page.data?.total).toBe(1);
    const row = page.data?.rows[0];
    expect(row).toMatchObject({ userId, enterprise: { businessLicense: licence, status: 0 } });
    const link = new URL(row?.enterprise.businessLicenseUrl ?? '', 'http://x');
    expect(link.searchParams.get('viewer')).toBe(await userIdOf(cast.admin));
    // Opened in the admin's browser, which the listing gave the link cookie.
    const served = await server.http.inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: { cookie: cast.admin.cookieHeader() },
    });
    expect(served.body).toContain('%PDF-1.4');
    expect((await enterprisePage(`?status=1&keyword=${encodeURIComponent('审核测试')}`)).data?.total).toBe(0);
  });

  it('rejects with a reason that appears in the applicant’s material, then approves the corrected one', async () => {
    const client = await cast.user();
    await submitEnterprise(client, '宁波驳回测试贸易有限公司');
    const userId = await userIdOf(client);
    expect(await cast.admin.call('POST', `/system/review/enterprise/${userId}`, { approve: false })).toEqual({
      code: 500,
      msg: '请填写驳回原因',
    });
    expect(
      await cast.admin.call('POST', `/system/review/enterprise/${userId}`, {
        approve: false,
        reason: '营业执照照片模糊，请重新上传清晰的扫描件',
      }),
    ).toEqual({ code: 200, msg: '已驳回企业认证' });
    const material = await client.call<EnterpriseMaterial>('GET', '/portal/supply/chain/auth/data');
    expect(material.data).toMatchObject({ status: 2, rejectReason: '营业执照照片模糊，请重新上传清晰的扫描件' });
    expect((await enterprisePage('?status=2&pageSize=100')).data?.rows.some((r) => r.userId === userId)).toBe(true);
    expect(await cast.admin.call('POST', `/system/review/enterprise/${userId}`, { approve: true })).toEqual({
      code: 500,
      msg: '没有待审核的企业认证',
    });
  });

  it('serves the licence only to its owner and admins, never to another user or a visitor', async () => {
    const owner = await cast.user();
    const licence = await submitEnterprise(owner, '苏州执照测试制造有限公司');
    const other = await cast.user();
    expect(await other.call('GET', `/common/file/link?fileName=${encodeURIComponent(licence)}`)).toEqual(NOT_FOUND);
    expect(await cast.visitor.call('GET', `/common/file/link?fileName=${encodeURIComponent(licence)}`)).toMatchObject({
      code: 401,
    });
    const raw = await server.http.inject({
      method: 'GET',
      url: `/prod-api${licence}`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(raw.json()).toEqual(NOT_FOUND);
    // A link issued to the owner does not turn into one for someone else by changing its viewer.
    const own = await owner.call<{ url: string }>('GET', `/common/file/link?fileName=${encodeURIComponent(licence)}`);
    const forged = new URL(own.data?.url ?? '', 'http://x');
    forged.searchParams.set('viewer', await userIdOf(other));
    expect((await server.http.inject({ method: 'GET', url: `${forged.pathname}${forged.search}` })).json()).toEqual(
      NOT_FOUND,
    );
  });
});

describe('review permissions', () => {
  it('refuse users and sub-accounts with 403 and visitors with 401, changing nothing', async () => {
    const { client: applicant, userId } = await betaApplicant();
    const userB = await cast.user();
    const sub = await cast.subAccount();
    for (const caller of [userB, sub, applicant]) {
      expect(await caller.call('GET', '/system/review/beta')).toEqual(FORBIDDEN);
      expect(await caller.call('GET', '/system/review/enterprise')).toEqual(FORBIDDEN);
      expect(await caller.call('POST', `/system/review/beta/${userId}`, { approve: true })).toEqual(FORBIDDEN);
      expect(await caller.call('POST', `/system/review/enterprise/${userId}`, { approve: true })).toEqual(FORBIDDEN);
    }
    expect(await cast.visitor.call('GET', '/system/review/beta')).toMatchObject({ code: 401 });
    expect(await cast.visitor.call('POST', `/system/review/beta/${userId}`, { approve: true })).toMatchObject({
      code: 401,
    });
    expect(await cast.visitor.call('GET', '/portal/supply/chain/beta/review')).toMatchObject({ code: 401 });
    expect((await applicant.call<BetaReview>('GET', '/portal/supply/chain/beta/review')).data?.betaStatus).toBe(false);
  });

  it('a user reads only their own beta review', async () => {
    const { userId } = await betaApplicant();
    await cast.admin.call('POST', `/system/review/beta/${userId}`, { approve: false, reason: '资料不全' });
    const other = await cast.user();
    expect((await other.call<BetaReview>('GET', '/portal/supply/chain/beta/review')).data).toEqual({
      betaStatus: null,
      rejectReason: '',
      reviewedAt: null,
    });
  });
});
