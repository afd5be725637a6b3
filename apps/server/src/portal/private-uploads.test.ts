import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { startServer } from '../integration/harness';
import { setAdmin } from './admins';
import { FILE_LINK_TTL_MS, FileLinks, LINK_SESSION_COOKIE } from './file-links';
import { creditCodeCheckChar, idCardCheckDigit } from './identity';
import { sharedSecret } from './secrets';
import { freshMobile, PortalClient } from './test-client';

/**
 * Identity documents and business licences are private uploads: their owner and platform
 * admins open them (by bearer token, or by a short-lived signed link for <img> and new tabs);
 * nobody else gets a byte. Ability pictures and avatars stay public.
 */
let server: LiaisonServer;
let owner: PortalClient;
let other: PortalClient;
let admin: PortalClient;
let visitor: PortalClient;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  [owner, other, admin, visitor] = [0, 1, 2, 3].map(() => new PortalClient(server)) as [
    PortalClient,
    PortalClient,
    PortalClient,
    PortalClient,
  ];
  await owner.register(freshMobile(), 'Secret123');
  await other.register(freshMobile(), 'Secret123');
  const adminMobile = freshMobile();
  await admin.register(adminMobile, 'Secret123');
  await setAdmin(server.db, adminMobile, true);
});
afterAll(() => server.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const NOT_FOUND = { code: 404, msg: '访问资源不存在' };

/** Who fetches: a browser's <img> with that client's cookies (no token), or with the client's bearer token. */
type Fetcher = { browser: PortalClient } | { bearer: PortalClient } | 'nobody';

/** A GET as `by` sends it. */
function get(url: string, by: Fetcher) {
  const headers =
    by === 'nobody'
      ? {}
      : 'browser' in by
        ? { cookie: by.browser.cookieHeader() }
        : { authorization: `Bearer ${by.bearer.token}` };
  return server.http.inject({ method: 'GET', url, headers });
}

async function expectServed(url: string, bytes: Buffer, by: Fetcher) {
  const response = await get(url, by);
  expect(response.statusCode).toBe(200);
  expect(response.rawPayload.equals(bytes)).toBe(true);
}

async function expectRefused(url: string, by: Fetcher) {
  const response = await get(url, by);
  expect(response.json()).toEqual(NOT_FOUND);
  expect(response.rawPayload.includes(PNG.subarray(8, 24))).toBe(false);
}

async function linkFor(client: PortalClient, fileName: string) {
  return client.call<{ url: string; expiresAt: number | null }>(
    'GET',
    `/common/file/link?fileName=${encodeURIComponent(fileName)}`,
  );
}

async function privatePicture(): Promise<{ fileName: string; url: string }> {
  const uploaded = await owner.upload('身份证.png', PNG, 'private');
  expect(uploaded.code).toBe(200);
  return { fileName: uploaded.fileName as string, url: uploaded.url as string };
}

describe('private uploads', () => {
  it('are served to their owner, by the signed link of the upload or with the session token', async () => {
    const { fileName, url } = await privatePicture();
    expect(url).toMatch(/\?expires=\d+&viewer=[^&]+&sig=/);
    await expectServed(url, PNG, { browser: owner });
    await expectServed(`/prod-api${fileName}`, PNG, { bearer: owner });
    const response = await get(url, { browser: owner });
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('are served to a platform admin, through a link issued to the admin', async () => {
    const { fileName } = await privatePicture();
    const link = await linkFor(admin, fileName);
    expect(link.code).toBe(200);
    expect(link.data?.expiresAt).toBeGreaterThan(Date.now());
    await expectServed(link.data?.url as string, PNG, { browser: admin });
    await expectServed(`/prod-api${fileName}`, PNG, { bearer: admin });
  });

  it('give a visitor and another user nothing, with a token, a link request or the bare address', async () => {
    const { fileName } = await privatePicture();
    await expectRefused(`/prod-api${fileName}`, 'nobody');
    await expectRefused(`/prod-api${fileName}`, { bearer: other });
    expect(await linkFor(other, fileName)).toEqual(NOT_FOUND);
    expect((await linkFor(visitor, fileName)).code).toBe(401);
  });

  it('refuse an expired or altered signed link, even in the browser it was issued to', async () => {
    const { fileName, url } = await privatePicture();
    const signed = new URL(url, 'http://x');
    const variant = (name: string, value: string) => {
      const copy = new URL(signed);
      copy.searchParams.set(name, value);
      return `${copy.pathname}${copy.search}`;
    };
    const otherID = (await other.call<{ userId: string }>('GET', '/portal/self/center/info')).data?.userId ?? '';
    await expectRefused(variant('viewer', otherID), { browser: owner });
    await expectRefused(variant('expires', String(Date.now() + 365 * 86_400_000)), { browser: owner });
    await expectRefused(variant('sig', 'A'.repeat(43)), { browser: owner });
    // Another private file's link does not open this one.
    const second = await privatePicture();
    await expectRefused(`/prod-api${second.fileName}${signed.search}`, { browser: owner });
    // Correctly signed with the deployment's key, but expired.
    const key = Buffer.from(await sharedSecret(server.db, 'file-link-hmac', () => 'unused'), 'hex');
    const viewer = {
      userID: signed.searchParams.get('viewer') ?? '',
      sessionID: owner.cookies.get(LINK_SESSION_COOKIE) ?? '',
    };
    const expired = new FileLinks(key).sign(fileName, viewer, Date.now() - FILE_LINK_TTL_MS - 1000);
    await expectRefused(expired.url, { browser: owner });
    await expectServed(new FileLinks(key).sign(fileName, viewer).url, PNG, { browser: owner });
  });

  it('refuse a borrowed link: opened without the session cookie of the browser it was issued to, or after that session logged out', async () => {
    const { url } = await privatePicture();
    await expectServed(url, PNG, { browser: owner });
    await expectRefused(url, 'nobody');
    await expectRefused(url, { browser: other });

    const session = new PortalClient(server);
    const mobile = freshMobile();
    await session.register(mobile, 'Secret123');
    const own = await session.upload('身份证.png', PNG, 'private');
    await expectServed(own.url as string, PNG, { browser: session });
    expect((await session.call('POST', '/logout')).code).toBe(200);
    await expectRefused(own.url as string, { browser: session });
  });

  it('stop being served to an admin who is no longer one, even by a link issued before', async () => {
    const { fileName } = await privatePicture();
    const demoted = new PortalClient(server);
    const mobile = freshMobile();
    await demoted.register(mobile, 'Secret123');
    await setAdmin(server.db, mobile, true);
    const link = (await linkFor(demoted, fileName)).data?.url as string;
    await expectServed(link, PNG, { browser: demoted });
    await setAdmin(server.db, mobile, false);
    await expectRefused(link, { browser: demoted });
  });

  it('refuse an unknown visibility and store nothing', async () => {
    expect(await owner.upload('odd.png', PNG, 'secret')).toEqual({ code: 500, msg: '文件可见范围不正确' });
    const [row] = await server.db.query<{ n: unknown }>(
      "SELECT count(*) AS n FROM portal_uploads WHERE original_name = 'odd.png'",
    );
    expect(Number(row?.n)).toBe(0);
  });
});

describe('public uploads', () => {
  it('stay open to anyone, pages of other origins included', async () => {
    const uploaded = await owner.upload('能力图片.png', PNG);
    expect(uploaded.url).toBe(`/prod-api${uploaded.fileName}`);
    await expectServed(uploaded.url as string, PNG, 'nobody');
    expect((await get(uploaded.url as string, 'nobody')).headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(await linkFor(other, uploaded.fileName as string)).toEqual({
      code: 200,
      msg: '操作成功',
      data: { url: uploaded.url, expiresAt: null },
    });
  });
});

describe('a business licence', () => {
  it('becomes private when attached to enterprise material, and its owner and the reviewers get links to it', async () => {
    const client = new PortalClient(server);
    await client.register(freshMobile(), 'Secret123');
    const first17 = '32010219900101777';
    expect(
      (
        await client.call('POST', '/portal/self/center/personal/real/name/auth', {
          realName: '赵六',
          idCard: first17 + idCardCheckDigit(first17),
        })
      ).code,
    ).toBe(200);
    const licence = await client.upload('licence.pdf', PDF);
    await expectServed(licence.url as string, PDF, 'nobody');
    const submitted = await client.call('POST', '/portal/supply/chain/upload/auth/data', {
      enterpriseName: '杭州示例科技有限公司',
      creditCode: `91330100MA27XL0P3${creditCodeCheckChar('91330100MA27XL0P3')}`,
      legalPerson: '赵六',
      contactPhone: '0571-88886666',
      address: '浙江省杭州市西湖区文三路90号',
      businessLicense: licence.fileName,
    });
    expect(submitted.code).toBe(200);
    await expectRefused(licence.url as string, 'nobody');

    const own = await client.call<{ businessLicenseUrl: string; businessLicenseName: string }>(
      'GET',
      '/portal/supply/chain/auth/data',
    );
    await expectServed(own.data?.businessLicenseUrl as string, PDF, { browser: client });
    await expectRefused(own.data?.businessLicenseUrl as string, { browser: admin });
    // Its owner sees it under the name it was uploaded with, not the stored one.
    expect(own.data?.businessLicenseName).toBe('licence.pdf');
    const review = await admin.call<{
      rows: Array<{ enterprise: { businessLicense: string; businessLicenseUrl: string } }>;
    }>('GET', '/system/review/enterprise?pageSize=100');
    const entry = review.data?.rows.find((r) => r.enterprise.businessLicense === licence.fileName);
    await expectServed(entry?.enterprise.businessLicenseUrl as string, PDF, { browser: admin });
    expect(new URL(entry?.enterprise.businessLicenseUrl as string, 'http://x').searchParams.get('viewer')).not.toBe(
      new URL(own.data?.businessLicenseUrl as string, 'http://x').searchParams.get('viewer'),
    );
  });
});
