import type { Database } from '../db/database';
import { toNumber } from '../db/database';
import { hashPassword } from '../portal/auth/passwords';
import type { PortalContext } from '../portal/context';
import { createSubAccount } from '../portal/sub-accounts/sub-accounts';
import { DEMO_PASSWORD } from './credentials';

/** Upstream, midstream, downstream segments of each demo chain, and which demo enterprise sits where. */
const CHAINS = [
  {
    name: '新能源汽车',
    description: '从锂矿资源到整车制造与充电运营的新能源汽车全产业链。',
    stages: [
      ['锂矿', '电池材料'],
      ['电池', '电机', '电控'],
      ['整车', '充电服务'],
    ],
  },
  {
    name: '高端装备制造',
    description: '以精密加工和智能控制为核心的装备制造产业链。',
    stages: [
      ['特种钢材', '工业软件'],
      ['精密零部件', '数控系统', '工业机器人'],
      ['智能产线集成', '运维服务'],
    ],
  },
  {
    name: '跨境电商供应链',
    description: '连接国内制造与海外消费者的跨境电商供应链。',
    stages: [
      ['产业带工厂', '品牌设计'],
      ['国际物流', '报关清关', '海外仓'],
      ['跨境电商平台', '海外营销'],
    ],
  },
] as const;

const PLACES: Record<string, string[]> = {
  zhangwei: ['新能源汽车/电机', '高端装备制造/精密零部件', '高端装备制造/工业机器人'],
  lina: ['跨境电商供应链/国际物流', '跨境电商供应链/海外仓', '新能源汽车/电池材料'],
};

const PAGES: Record<string, { introduction: string; website: string; banner: string; partners: string[] }> = {
  zhangwei: {
    introduction:
      '苏州精工智造有限公司成立于2009年，专注精密CNC加工、钣金冲压与结构件装配，服务新能源汽车、工业机器人和医疗器械客户。公司拥有五轴加工中心42台、三坐标检测室一间，通过IATF 16949与ISO 9001认证，可承接从打样到批量的全流程订单。',
    website: 'https://www.jinggong-demo.cn',
    banner: '精密制造 · 品质交付',
    partners: ['宁德时代新能源', '汇川技术', '苏州工业园区科创中心', '中国银行苏州分行'],
  },
  lina: {
    introduction:
      '宁波海通供应链管理有限公司立足宁波舟山港，提供进出口报关、国际海运拼箱、海外仓储与跨境电商头程物流服务，在美西、德国设有自营海外仓，年服务跨境卖家超过600家。',
    website: 'https://www.haitong-scm-demo.cn',
    banner: '连接中国制造与全球市场',
    partners: ['宁波舟山港集团', '马士基航运', '顺丰国际', '亚马逊全球开店'],
  },
};

const BANNER_SVG = (text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#0ea5e9"/></linearGradient></defs><rect width="1200" height="300" fill="url(#g)"/><text x="600" y="170" font-size="48" text-anchor="middle" fill="#fff">${text}</text></svg>`;

/**
 * Industry chains with the demo enterprises placed in them, their company pages and partners, and
 * zhangwei's sub-account `zhangwei_ops` (the demo password) granted his first ability.
 */
export async function seedCompany(
  db: Database,
  portal: PortalContext,
  id: (loginName: string) => string,
  now: number,
): Promise<void> {
  const segments = new Map<string, unknown>();
  for (const [order, chain] of CHAINS.entries()) {
    const [row] = await db.query<{ id: unknown }>(
      'INSERT INTO portal_industry_chains (name, description, sort_order) VALUES ($1, $2, $3) RETURNING id',
      [chain.name, chain.description, order],
    );
    for (const [stage, names] of chain.stages.entries()) {
      for (const [sort, name] of names.entries()) {
        const [segment] = await db.query<{ id: unknown }>(
          'INSERT INTO portal_industry_segments (chain_id, stage, name, sort_order) VALUES ($1, $2, $3, $4) RETURNING id',
          [row?.id, stage, name, sort],
        );
        segments.set(`${chain.name}/${name}`, segment?.id);
      }
    }
  }
  for (const [who, places] of Object.entries(PLACES)) {
    for (const [i, place] of places.entries()) {
      await db.query('INSERT INTO portal_industry_members (segment_id, user_id, created_at) VALUES ($1, $2, $3)', [
        segments.get(place),
        id(who),
        now - (i + 1) * 86_400_000,
      ]);
    }
  }

  for (const [who, page] of Object.entries(PAGES)) {
    const banner = await portal.uploads.save(id(who), Buffer.from(BANNER_SVG(page.banner)), 'banner.svg');
    await db.query(
      `INSERT INTO portal_company_pages (user_id, introduction, banner, website, phone_public, updated_at)
       VALUES ($1, $2, $3, $4, true, $5)`,
      [id(who), page.introduction, banner.fileName, page.website, now],
    );
    for (const [i, name] of page.partners.entries()) {
      await db.query('INSERT INTO portal_partners (user_id, name, created_at) VALUES ($1, $2, $3)', [
        id(who),
        name,
        now - i * 60_000,
      ]);
    }
  }

  const [ability] = await db.query<{ id: unknown }>(
    'SELECT id FROM portal_products WHERE owner_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1',
    [id('zhangwei')],
  );
  await createSubAccount(
    db,
    id('zhangwei'),
    {
      loginName: 'zhangwei_ops',
      nick: '张伟-运营助理',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      abilityIds: ability ? [String(toNumber(ability.id))] : [],
    },
    now,
  );
}
