import { VipOrderStatus } from '@liaison/protocol';
import type { Database } from '../db/database';
import type { PortalContext } from '../portal/context';
import { changePoints, signIn } from '../portal/points/points';

const DAY = 24 * 3600_000;

const PRICES = [
  {
    vipType: 1,
    name: '月度会员',
    days: 30,
    priceFen: 6800,
    points: 680,
    benefits: ['能力发布数量提升至50条', '查看全部合作需求', '完整访客记录'],
  },
  {
    vipType: 2,
    name: '季度会员',
    days: 90,
    priceFen: 18800,
    points: 1880,
    benefits: ['能力发布数量提升至200条', '查看全部合作需求', '完整访客记录', '搜索结果优先展示'],
  },
  {
    vipType: 3,
    name: '年度会员',
    days: 365,
    priceFen: 58800,
    points: 5880,
    benefits: [
      '能力发布数量不限',
      '查看全部合作需求',
      '完整访客记录',
      '搜索结果优先展示',
      '专属客户经理',
      '行业数据月报',
    ],
  },
];

/**
 * The VIP price list; zhangwei a monthly member (paid by QR code five days ago) until next month;
 * daily sign-ins over the last days, so the points pages show streaks and a ledger, and lina
 * enough points from an event to exchange for a membership.
 */
export async function seedVip(
  db: Database,
  _portal: PortalContext,
  id: (loginName: string) => string,
  now: number,
): Promise<void> {
  for (const [order, price] of PRICES.entries()) {
    await db.query(
      `INSERT INTO portal_vip_prices (vip_type, name, days, price_fen, points, benefits, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (vip_type) DO NOTHING`,
      [price.vipType, price.name, price.days, price.priceFen, price.points, JSON.stringify(price.benefits), order],
    );
  }

  const paidAt = now - 5 * DAY;
  await db.query(
    `INSERT INTO portal_vip_orders (order_number, user_id, vip_type, pay_method, amount_fen, status, created_at, paid_at)
     VALUES ($1, $2, 1, 'qr', 6800, $3, $4, $5)`,
    [`VIP${demoStamp(paidAt)}100001`, id('zhangwei'), VipOrderStatus.PAID, paidAt - 60_000, paidAt],
  );
  await db.query('INSERT INTO portal_vip_members (user_id, vip_type, expires_at) VALUES ($1, 1, $2)', [
    id('zhangwei'),
    paidAt + 30 * DAY,
  ]);

  await db.transaction((tx) =>
    changePoints(tx, id('lina'), 800, '供应链对接会参会奖励', 'event:2026-supply-fair', now - 10 * DAY),
  );
  // How many days ago each person signed in (0: today).
  const signIns: Record<string, number[]> = {
    zhangwei: [6, 5, 4, 3, 2, 1],
    lina: [8, 7, 2, 1, 0],
    wangfang: [9, 4, 3],
  };
  for (const [who, daysAgo] of Object.entries(signIns)) {
    for (const ago of daysAgo) await signIn(db, id(who), now - ago * DAY);
  }
}

/** yyyyMMddHHmmss on Shanghai's clock, as order numbers carry it. */
function demoStamp(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
}
