import type { Database } from '../db/database';
import type { PortalContext } from '../portal/context';
import { redeem, shipOrder } from '../portal/mall/mall';

const DAY = 24 * 3600_000;

/** Points-mall goods, pictures drawn as SVG; the headphones are sold out. */
const GOODS = [
  {
    name: '链联定制保温杯',
    description: '316不锈钢内胆，500毫升，杯身激光刻印平台标识。',
    points: 300,
    stock: 50,
    colors: ['#0b4fb3', '#36a3ff'],
  },
  {
    name: '商务笔记本套装',
    description: 'A5皮面笔记本配金属签字笔，礼盒包装。',
    points: 200,
    stock: 80,
    colors: ['#7c2d12', '#fb923c'],
  },
  {
    name: '供应链白皮书（纸质版）',
    description: '《2026长三角制造业供应链发展白皮书》，平台研究院出品。',
    points: 150,
    stock: 100,
    colors: ['#334155', '#94a3b8'],
  },
  {
    name: '无线充电鼠标',
    description: '静音按键，支持Qi无线充电，办公桌面更整洁。',
    points: 600,
    stock: 20,
    colors: ['#0f766e', '#34d399'],
  },
  {
    name: '便携充电宝 10000mAh',
    description: '双向快充，可随身登机，出差展会必备。',
    points: 800,
    stock: 15,
    colors: ['#4c1d95', '#a78bfa'],
  },
  {
    name: '蓝牙降噪耳机',
    description: '主动降噪，续航30小时，通勤与会议两相宜。',
    points: 2000,
    stock: 0,
    colors: ['#111827', '#6b7280'],
  },
  {
    name: '办公绿植盆栽',
    description: '好养护的绿萝小盆栽，为工位添一抹绿色。',
    points: 250,
    stock: 30,
    colors: ['#166534', '#86efac'],
  },
  {
    name: '企业宣传视频拍摄券',
    description: '由平台合作机构上门拍摄3分钟企业宣传片一次。',
    points: 5000,
    stock: 3,
    colors: ['#9f1239', '#fb7185'],
  },
] as const;

/**
 * The points mall: eight goods (one sold out) and an order of lina's, already shipped, paid with
 * the points seedVip gave her (she keeps enough for a monthly membership).
 */
export async function seedMall(
  db: Database,
  portal: PortalContext,
  id: (loginName: string) => string,
  now: number,
): Promise<void> {
  const admin = id('admin');
  const ids: string[] = [];
  for (const [i, goods] of GOODS.entries()) {
    const image = await portal.uploads.save(admin, Buffer.from(goodsSvg(goods.name, goods.colors)), 'goods.svg');
    const [row] = await db.query<{ id: unknown }>(
      `INSERT INTO portal_goods (name, image, description, points_cost, stock, sort_order, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [goods.name, image.fileName, goods.description, goods.points, goods.stock, i, now - 20 * DAY],
    );
    ids.push(String(row?.id));
  }
  const { order } = await redeem(
    db,
    id('lina'),
    { goodsId: ids[2] as string, quantity: 1, address: '浙江省宁波市北仑区明州路66号 李娜收', remark: '' },
    now - 3 * DAY,
  );
  await shipOrder(db, order.id);
}

function goodsSvg(name: string, [from, to]: readonly [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="480" height="360" fill="url(#g)"/><circle cx="400" cy="60" r="120" fill="#fff" opacity="0.08"/><rect x="170" y="70" width="140" height="120" rx="16" fill="#fff" opacity="0.92"/><rect x="160" y="110" width="160" height="20" fill="${from}" opacity="0.8"/><rect x="230" y="70" width="20" height="120" fill="${from}" opacity="0.8"/><text x="240" y="262" font-size="30" font-weight="bold" text-anchor="middle" fill="#fff">${name}</text><text x="240" y="305" font-size="18" text-anchor="middle" fill="#fff" opacity="0.8">链联积分商城</text></svg>`;
}
