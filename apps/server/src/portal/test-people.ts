import { expect } from 'vitest';
import type { LiaisonServer } from '../app';
import { toNumber } from '../db/database';
import { freshMobile, PortalClient } from './test-client';

/**
 * Portal users for the management-centre tests, made as the portal makes them (registration) and
 * then given the state a test needs directly in the database, where a review or another part of
 * the portal would put it: real-name verification, an approved enterprise, a sub-account's parent,
 * an administrator, an ability.
 */
export interface Person {
  client: PortalClient;
  userId: string;
}

export const PASSWORD = 'Secret123';

export async function registered(server: LiaisonServer, nickName?: string): Promise<Person> {
  const client = new PortalClient(server);
  expect((await client.register(freshMobile(), PASSWORD)).code).toBe(200);
  const userId = await userIdOf(client);
  if (nickName) {
    await server.db.query('UPDATE portal_accounts SET nick_name = $2 WHERE user_id = $1', [userId, nickName]);
  }
  return { client, userId };
}

export async function userIdOf(client: PortalClient): Promise<string> {
  const info = await client.call<{ userId: string }>('GET', '/portal/self/center/info');
  if (!info.data) throw new Error(`no info: ${info.msg}`);
  return info.data.userId;
}

/** A real-name verified person (userType 1). */
export async function verifiedPerson(server: LiaisonServer, nickName?: string): Promise<Person> {
  const person = await registered(server, nickName);
  await server.db.query('UPDATE portal_accounts SET user_type = 1, real_person_auth_status = 1 WHERE user_id = $1', [
    person.userId,
  ]);
  return person;
}

let enterprises = 0;

/** An approved enterprise (userType 2, material status 1): what an administrator's approval leaves behind. */
export async function enterprise(server: LiaisonServer, name = `测试企业${++enterprises}有限公司`): Promise<Person> {
  const person = await verifiedPerson(server);
  await approveEnterprise(server, person.client, name);
  return person;
}

/** Makes the client's account an approved enterprise; its user ID. */
export async function approveEnterprise(
  server: LiaisonServer,
  client: PortalClient,
  name = `测试企业${++enterprises}有限公司`,
): Promise<string> {
  const userId = await userIdOf(client);
  await server.db.query(
    `INSERT INTO portal_enterprise_auth (user_id, enterprise_name, credit_code, legal_person, contact_phone, address,
                                         business_license, status, submitted_at, reviewed_at)
     VALUES ($1, $2, '91320500MA1XK7Q2BX', '张三', '13800000000', '江苏省苏州市', '/none', 1, 0, 0)`,
    [userId, name],
  );
  await server.db.query('UPDATE portal_accounts SET user_type = 2 WHERE user_id = $1', [userId]);
  return userId;
}

/** A sub-account of `parent` with no abilities granted. */
export async function subAccount(server: LiaisonServer, parent: Person): Promise<Person> {
  const person = await registered(server);
  await makeSubAccount(server, person.client, parent.userId);
  return person;
}

/** Makes the client's account a sub-account of the enterprise `parentId` (userType 1, as the portal creates them). */
export async function makeSubAccount(server: LiaisonServer, client: PortalClient, parentId: string): Promise<void> {
  await server.db.query('UPDATE portal_accounts SET parent_user_id = $2, user_type = 1 WHERE user_id = $1', [
    await userIdOf(client),
    parentId,
  ]);
}

export async function admin(server: LiaisonServer): Promise<Person> {
  const person = await registered(server);
  await server.db.query('UPDATE portal_accounts SET is_admin = true WHERE user_id = $1', [person.userId]);
  return person;
}

let loginNames = 0;
/** A login name no other test uses. */
export function freshLoginName(prefix = 'ops'): string {
  loginNames += 1;
  return `${prefix}_${process.pid % 100_000}_${loginNames}`;
}

export interface AbilityRow {
  categoryId?: number;
  name?: string;
  /** 0 draft, 1 published (the default), 2 offline. */
  status?: 0 | 1 | 2;
  /** In the recycle bin. */
  deleted?: boolean;
  publishedAt?: number;
}

/** An ability of `owner`, straight into the table (the abilities API has its own tests). */
export async function ability(server: LiaisonServer, owner: { userId: string }, row: AbilityRow = {}): Promise<string> {
  const status = row.status ?? 1;
  const [inserted] = await server.db.query<{ id: unknown }>(
    `INSERT INTO portal_products (owner_id, category_id, product_name, summary, status, created_at, updated_at,
                                  published_at, deleted_at)
     VALUES ($1, $2, $3, '简介', $4, 0, 0, $5, $6) RETURNING id`,
    [
      owner.userId,
      row.categoryId ?? 1,
      row.name ?? '精密加工',
      status,
      status === 1 ? (row.publishedAt ?? 0) : null,
      row.deleted ? 1 : null,
    ],
  );
  return String(toNumber(inserted?.id));
}
