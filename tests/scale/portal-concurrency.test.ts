import type { CooperationRequest, SignInResult, VipOrder, VipQrPayment } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, toNumber } from '../../apps/server/src/db/database';
import { openPostgres } from '../../apps/server/src/db/postgres';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { type Person, register } from './portal-people';
import { startProcessPair } from './shared-services';

/**
 * The portal's idempotent writes on PostgreSQL, where requests sent at once to two server
 * processes really run side by side (the route tests run on PGlite, which queues them): a daily
 * sign-in awards once, an agreed cooperation makes one friendship and one notice, a paid QR order
 * extends the membership once.
 */
const AT_ONCE = 8;
const DAY = 24 * 3600_000;

let p1: ServerProcess;
let p2: ServerProcess;
let db: Database;
let stopPair: () => Promise<void>;

beforeAll(async () => {
  let databaseUrl: string;
  ({
    p1,
    p2,
    databaseUrl,
    stop: stopPair,
  } = await startProcessPair('liaison_portal_once', 1_400_777_052, {
    PORTAL_TEST_HOOKS: '1',
    TRUST_PROXY: 'loopback',
  }));
  db = await openPostgres(databaseUrl, 2);
});

afterAll(async () => {
  await db?.close();
  await stopPair?.();
});

/** `AT_ONCE` copies of a call, alternating between the two processes, all sent together. */
function atOnce<T>(call: (server: ServerProcess) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: AT_ONCE }, (_, i) => call(i % 2 === 0 ? p1 : p2)));
}

describe('concurrent requests across two processes on PostgreSQL', () => {
  it('award one daily sign-in once: one ledger row', async () => {
    const person = await register(p1);
    const answers = await atOnce((server) =>
      person.call<SignInResult>(server, 'POST', '/portal/self/center/sign-in/per/day'),
    );
    expect(answers.filter((a) => a.data?.isNew).map((a) => a.msg)).toEqual(['签到成功']);
    expect(answers.filter((a) => !a.data?.isNew).map((a) => [a.code, a.msg, a.data?.points])).toEqual(
      Array.from({ length: AT_ONCE - 1 }, () => [200, '今日已签到', 0]),
    );
    const rows = await db.query<{ delta: unknown }>('SELECT delta FROM portal_points_ledger WHERE user_id = $1', [
      await userIdOf(person),
    ]);
    expect(rows.map((r) => toNumber(r.delta))).toEqual([10]);
  });

  it('agree one cooperation request once: one friendship each way, one notice', async () => {
    const owner = await register(p1);
    const ownerId = await userIdOf(owner);
    await approveEnterprise(ownerId);
    const [product] = await db.query<{ id: unknown }>(
      `INSERT INTO portal_products (owner_id, category_id, product_name, summary, status, created_at, updated_at, published_at)
       VALUES ($1, 1, '精密注塑', '简介', 1, 0, 0, 0) RETURNING id`,
      [ownerId],
    );
    const asker = await register(p2);
    const askerId = await userIdOf(asker);
    await db.query('UPDATE portal_accounts SET user_type = 1, real_person_auth_status = 1 WHERE user_id = $1', [
      askerId,
    ]);
    const applied = await asker.call<CooperationRequest>(p2, 'POST', '/portal/supply/chain/apply/cooperation', {
      productId: String(toNumber(product?.id)),
      message: '想了解注塑件的产能和交期。',
      contactName: '王经理',
      contactPhone: '13912345678',
    });
    expect(applied.code, applied.msg).toBe(200);
    const id = applied.data?.id ?? '';

    const answers = await atOnce((server) =>
      owner.call(server, 'GET', `/portal/self/center/other/to/me/connect/agree/${id}`),
    );
    expect(answers.map((a) => [a.code, a.msg])).toEqual(Array.from({ length: AT_ONCE }, () => [200, '已同意合作申请']));
    const friends = await db.query<{ user_id: string; friend_id: string }>(
      'SELECT user_id, friend_id FROM friends WHERE user_id IN ($1, $2) ORDER BY user_id = $1 DESC',
      [ownerId, askerId],
    );
    expect(friends).toEqual([
      { user_id: ownerId, friend_id: askerId },
      { user_id: askerId, friend_id: ownerId },
    ]);
    const notices = await db.query('SELECT seq FROM messages WHERE id = $1', [`coop-${id}`]);
    expect(notices).toHaveLength(1);
  });

  it('pay one QR order once when confirmations and status checks arrive together: one extension, one paid order', async () => {
    await db.query(
      `INSERT INTO portal_vip_prices (vip_type, name, days, price_fen, points, benefits, sort_order)
       VALUES (1, '月度会员', 30, 3000, 300, '[]', 1) ON CONFLICT (vip_type) DO NOTHING`,
    );
    const buyer = await register(p1);
    const created = await buyer.call<VipQrPayment>(
      p2,
      'POST',
      '/portal/self/center/personal/charge/vip/pay/qr?vipType=1',
    );
    expect(created.code, created.msg).toBe(200);
    const orderNumber = created.data?.orderNumber ?? '';
    const before = Date.now();

    const [confirmations, checks] = await Promise.all([
      atOnce((server) => buyer.call(server, 'GET', `/dev/payment/${orderNumber}/paid`)),
      atOnce((server) =>
        buyer.call<VipOrder>(server, 'GET', `/portal/self/center/check/charge/vip/status?orderNumber=${orderNumber}`),
      ),
    ]);
    expect(confirmations.map((a) => a.msg).sort()).toEqual(
      ['支付成功', ...Array.from({ length: AT_ONCE - 1 }, () => '订单已支付')].sort(),
    );
    expect(checks.every((a) => a.code === 200 && (a.data?.status === 0 || a.data?.status === 1))).toBe(true);

    const orders = await db.query<{ status: unknown }>('SELECT status FROM portal_vip_orders WHERE user_id = $1', [
      await userIdOf(buyer),
    ]);
    expect(orders.map((o) => toNumber(o.status))).toEqual([1]);
    const [member] = await db.query<{ expires_at: unknown }>(
      'SELECT expires_at FROM portal_vip_members WHERE user_id = $1',
      [await userIdOf(buyer)],
    );
    // One extension of 30 days from about now; a second would have added 30 more.
    expect(toNumber(member?.expires_at)).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(toNumber(member?.expires_at)).toBeLessThan(Date.now() + 31 * DAY);
  });
});

async function userIdOf(person: Person): Promise<string> {
  const info = await person.call<{ userId: string }>(p1, 'GET', '/portal/self/center/info');
  return info.data?.userId ?? '';
}

/** What an administrator's approval of the enterprise material leaves behind. */
async function approveEnterprise(userId: string): Promise<void> {
  await db.query(
    `INSERT INTO portal_enterprise_auth (user_id, enterprise_name, credit_code, legal_person, contact_phone, address,
                                         business_license, status, submitted_at, reviewed_at)
     VALUES ($1, '无锡精密注塑有限公司', '91320200MA1XK7Q2BX', '张三', '13800000000', '江苏省无锡市', '/none', 1, 0, 0)`,
    [userId],
  );
  await db.query('UPDATE portal_accounts SET user_type = 2 WHERE user_id = $1', [userId]);
}
