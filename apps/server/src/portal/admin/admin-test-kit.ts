import { expect } from 'vitest';
import type { LiaisonServer } from '../../app';
import { setAdmin } from '../admins';
import { creditCodeCheckChar, idCardCheckDigit } from '../identity';
import { type Answer, freshMobile, PortalClient } from '../test-client';

/** The people of the administration tests: an admin, users, a visitor and a sub-account. */
export interface Cast {
  admin: PortalClient;
  user(): Promise<PortalClient>;
  visitor: PortalClient;
  /** A logged-in sub-account of some enterprise (it holds no administration grant). */
  subAccount(): Promise<PortalClient>;
}

export async function castOf(server: LiaisonServer): Promise<Cast> {
  const adminMobile = freshMobile();
  const admin = new PortalClient(server);
  await admin.register(adminMobile, 'Secret123');
  await setAdmin(server.db, adminMobile, true);
  const user = async () => {
    const client = new PortalClient(server);
    expect((await client.register(freshMobile(), 'Secret123')).code).toBe(200);
    return client;
  };
  return {
    admin,
    user,
    visitor: new PortalClient(server),
    async subAccount() {
      const parent = await user();
      const sub = await user();
      await server.db.query('UPDATE portal_accounts SET parent_user_id = $2 WHERE user_id = $1', [
        await userIdOf(sub),
        await userIdOf(parent),
      ]);
      return sub;
    },
  };
}

export async function userIdOf(client: PortalClient): Promise<string> {
  return (await client.call<{ userId: string }>('GET', '/portal/self/center/info')).data?.userId ?? '';
}

/** PUT, which PortalClient does not send; the same envelope checks. */
export async function put<T = unknown>(client: PortalClient, url: string, payload: unknown): Promise<Answer<T>> {
  const response = await client.server.http.inject({
    method: 'PUT',
    url: `/prod-api${url}`,
    headers: client.token ? { authorization: `Bearer ${client.token}` } : {},
    remoteAddress: client.address,
    payload: payload as Record<string, unknown>,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Answer<T>;
}

let idSerial = 500;

/** Verifies the client's real name and submits enterprise material with a private PDF licence. */
export async function submitEnterprise(
  client: PortalClient,
  enterpriseName: string,
  licenceName = 'licence.pdf',
): Promise<string> {
  idSerial += 1;
  const first17 = `32010219900101${idSerial}`;
  const auth = await client.call('POST', '/portal/self/center/personal/real/name/auth', {
    realName: '赵六',
    idCard: first17 + idCardCheckDigit(first17),
  });
  expect(auth.code, auth.msg).toBe(200);
  const licence = await client.upload(licenceName, Buffer.from('%PDF-1.4\n%%EOF\n'), 'private');
  const code17 = `91330100MA27XL${String(idSerial).padStart(3, '0')}`;
  const answer = await client.call('POST', '/portal/supply/chain/upload/auth/data', {
    enterpriseName,
    creditCode: code17 + creditCodeCheckChar(code17),
    legalPerson: '赵六',
    contactPhone: '0571-88886666',
    address: '浙江省杭州市西湖区文三路90号',
    businessLicense: licence.fileName,
  });
  expect(answer.code, answer.msg).toBe(200);
  return licence.fileName as string;
}

export const FORBIDDEN = { code: 403, msg: '当前操作没有权限' };
export const NOT_FOUND = { code: 404, msg: '访问资源不存在' };
