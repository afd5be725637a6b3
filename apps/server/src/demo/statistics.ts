import type { Database } from '../db/database';
import { toNumber } from '../db/database';
import type { PortalContext } from '../portal/context';
import { DAY_MS, shanghaiDay, shanghaiDayStart } from '../portal/shanghai-day';

/**
 * Demo rows for the data board, the statistics page and need-push: a week of views of the demo
 * enterprises by several viewers, follows and collections through the week, a month of portal
 * searches, and needs from wangfang, lina and zhangwei with a few marks. Runs after the abilities
 * (it views and marks them) and the cooperation requests.
 */
export async function seedStatistics(
  db: Database,
  _portal: PortalContext,
  id: (loginName: string) => string,
  now: number,
): Promise<void> {
  const today = shanghaiDay(now);
  /** A moment on the day `daysAgo` before today (Shanghai), at `hour`, never after now. */
  const at = (daysAgo: number, hour: number, minute = 0) =>
    Math.min(now - 60_000, shanghaiDayStart(today - daysAgo) + hour * 3_600_000 + minute * 60_000);

  const views: Array<[string, string | null, string | null, number]> = [];
  for (const [owner, perDay] of [
    ['zhangwei', [18, 24, 15, 31, 27, 36, 12]],
    ['lina', [9, 14, 22, 11, 19, 16, 7]],
  ] as const) {
    const products = await publishedAbilities(db, id(owner));
    const viewers = ['zhangwei', 'lina', 'wangfang', 'chenlei'].filter((name) => name !== owner).map(id);
    for (const [i, count] of perDay.entries()) {
      for (let n = 0; n < count; n++) {
        // Every third view is of the company page, the rest spread over the abilities; some by visitors.
        const product = n % 3 === 0 ? null : (products[n % products.length] ?? null);
        const viewer = n % 4 === 3 ? null : (viewers[n % viewers.length] ?? null);
        views.push([id(owner), product, viewer, at(6 - i, 8 + (n % 12), (n * 7) % 60)]);
      }
    }
  }
  await db.query(
    `INSERT INTO portal_views (owner_id, product_id, viewer_id, created_at)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[])`,
    columns(views),
  );

  for (const [who, target, daysAgo] of FOLLOWS) {
    await db.query(
      'INSERT INTO portal_follows (user_id, target_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [id(who), id(target), at(daysAgo, 10)],
    );
  }
  for (const [who, owner, index, daysAgo] of COLLECTIONS) {
    const product = (await publishedAbilities(db, id(owner)))[index];
    if (!product) continue;
    await db.query(
      'INSERT INTO portal_collections (user_id, product_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [id(who), product, at(daysAgo, 15)],
    );
  }

  const searches: Array<[string, string | null, number]> = [];
  for (const [i, [keyword, times]] of SEARCHES.entries()) {
    for (let n = 0; n < times; n++) {
      const who = n % 2 === 0 ? null : id(n % 3 === 0 ? 'wangfang' : 'chenlei');
      searches.push([keyword, who, now - ((i * 3 + n * 5) % 29) * DAY_MS - (n + 1) * 600_000]);
    }
  }
  await db.query(
    `INSERT INTO portal_search_log (keyword, user_id, created_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])`,
    columns(searches),
  );

  const needIds = new Map<string, string>();
  for (const need of NEEDS) {
    const [row] = await db.query<{ id: unknown }>(
      `INSERT INTO portal_needs (owner_id, category_id, title, content, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [id(need.owner), need.category, need.title, need.content, need.closed ? 1 : 0, at(need.daysAgo, 9, 30)],
    );
    needIds.set(need.title, String(toNumber(row?.id)));
  }
  for (const [who, title, productName, status] of MARKS) {
    const [product] = await db.query<{ id: unknown }>(
      'SELECT id FROM portal_products WHERE owner_id = $1 AND product_name = $2',
      [id(who), productName],
    );
    const needId = needIds.get(title);
    if (!product || !needId) continue;
    await db.query(
      `INSERT INTO portal_need_marks (user_id, need_id, product_id, status, updated_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [id(who), needId, String(toNumber(product.id)), status, at(0, 9)],
    );
  }
}

/** Rows as one array per column, for INSERT … SELECT FROM unnest. */
function columns(rows: ReadonlyArray<readonly unknown[]>): unknown[][] {
  return (rows[0] ?? []).map((_, i) => rows.map((row) => row[i]));
}

async function publishedAbilities(db: Database, ownerId: string): Promise<string[]> {
  const rows = await db.query<{ id: unknown }>(
    'SELECT id FROM portal_products WHERE owner_id = $1 AND status = 1 AND deleted_at IS NULL ORDER BY id',
    [ownerId],
  );
  return rows.map((row) => String(toNumber(row.id)));
}

/** [follower, followed enterprise, days ago]. */
const FOLLOWS: ReadonlyArray<readonly [string, string, number]> = [
  ['lina', 'zhangwei', 6],
  ['wangfang', 'zhangwei', 4],
  ['chenlei', 'zhangwei', 1],
  ['zhangwei', 'lina', 5],
  ['wangfang', 'lina', 2],
  ['chenlei', 'lina', 0],
];

/** [collector, owner, index among the owner's published abilities, days ago]. */
const COLLECTIONS: ReadonlyArray<readonly [string, string, number, number]> = [
  ['lina', 'zhangwei', 0, 5],
  ['wangfang', 'zhangwei', 0, 3],
  ['wangfang', 'zhangwei', 1, 3],
  ['chenlei', 'zhangwei', 2, 0],
  ['zhangwei', 'lina', 0, 4],
  ['wangfang', 'lina', 2, 1],
];

/** Portal searches of the last month: [keyword, times]. */
const SEARCHES: ReadonlyArray<readonly [string, number]> = [
  ['CNC加工', 46],
  ['钣金', 31],
  ['跨境物流', 28],
  ['模具设计', 22],
  ['保税仓', 19],
  ['供应链金融', 17],
  ['海运订舱', 14],
  ['三坐标检测', 11],
  ['注塑', 9],
  ['验厂', 7],
  ['阳极氧化', 5],
  ['数字化改造', 3],
];

interface DemoNeed {
  owner: string;
  category: number;
  title: string;
  content: string;
  daysAgo: number;
  closed?: boolean;
}

const NEEDS: readonly DemoNeed[] = [
  {
    owner: 'wangfang',
    category: 2,
    title: '寻找铝合金外壳CNC加工厂',
    content: '智能门锁铝合金外壳，年需求约2万件，需阳极氧化，要求长三角地区工厂。',
    daysAgo: 0,
  },
  {
    owner: 'wangfang',
    category: 5,
    title: '小微企业订单融资咨询',
    content: '已有大型客户订单，希望了解应收账款融资或订单融资方案，额度约200万元。',
    daysAgo: 2,
  },
  {
    owner: 'lina',
    category: 2,
    title: '定制不锈钢货架结构件',
    content: '保税仓改造项目需304不锈钢货架结构件约600套，附图纸，要求一个月内交付。',
    daysAgo: 1,
  },
  {
    owner: 'lina',
    category: 1,
    title: '出口包装结构设计外包',
    content: '为出口家电设计防震包装结构，需通过ISTA 3A跌落测试。',
    daysAgo: 3,
  },
  {
    owner: 'zhangwei',
    category: 4,
    title: '出口欧洲整柜海运及报关',
    content: '每月2–3个40尺整柜发往汉堡，需订舱、报关和目的港清关一站式服务。',
    daysAgo: 1,
  },
  {
    owner: 'zhangwei',
    category: 3,
    title: '第三方材料成分检测',
    content: '铝合金与钛合金来料的光谱成分检测，需出具CMA报告。',
    daysAgo: 4,
  },
  {
    owner: 'zhangwei',
    category: 4,
    title: '华东区域仓储外包',
    content: '苏州周边500平方米恒温仓库，存放精密零件。',
    daysAgo: 6,
    closed: true,
  },
];

/** [enterprise marking, need title, its ability, 1 interested / 2 ignored]. */
const MARKS: ReadonlyArray<readonly [string, string, string, 1 | 2]> = [
  ['zhangwei', '定制不锈钢货架结构件', '钣金冲压与激光切割', 1],
  ['zhangwei', '出口包装结构设计外包', '注塑模具设计与制造', 2],
  ['lina', '出口欧洲整柜海运及报关', '国际海运订舱', 1],
  ['lina', '第三方材料成分检测', '供应商验厂与质检', 2],
];
