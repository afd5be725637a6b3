import type { Database } from '../db/database';
import { sanitizeDescription } from '../portal/abilities/rich-text';
import type { PortalContext } from '../portal/context';

interface DemoAbility {
  owner: 'zhangwei' | 'lina';
  name: string;
  /** portal_product_categories (013): 1 研发设计 2 生产制造 3 检验检测 4 仓储物流 5 供应链金融 6 数字化服务 7 营销推广. */
  category: number;
  summary: string;
  description: string;
  keywords: string;
  status: 0 | 1 | 2;
  views: number;
  /** Days before now it was last changed. */
  daysAgo: number;
  isDeleted?: boolean;
}

const DAY = 86_400_000;

const ABILITIES: readonly DemoAbility[] = [
  {
    owner: 'zhangwei',
    name: '五轴CNC精密加工',
    category: 2,
    summary: '航空铝、钛合金、不锈钢复杂结构件五轴联动加工，公差可达±0.005mm。',
    description:
      '<h2>加工能力</h2><p>拥有 <strong>DMG MORI 五轴加工中心 12 台</strong>、三轴高速机 30 台，月产能约 8 万件。</p><ul><li>材料：6061/7075 铝合金、TC4 钛合金、304/316 不锈钢、PEEK</li><li>精度：尺寸公差 ±0.005mm，表面粗糙度 Ra0.4</li><li>交期：打样 5–7 天，小批量 15 天</li></ul><h3>服务行业</h3><p>医疗器械、半导体设备、新能源汽车、无人机。</p>',
    keywords: 'CNC,五轴,精密加工,铝合金',
    status: 1,
    views: 1286,
    daysAgo: 2,
  },
  {
    owner: 'zhangwei',
    name: '钣金冲压与激光切割',
    category: 2,
    summary: '6kW 光纤激光切割、数控折弯、冲压一站式钣金加工，支持来图定制。',
    description:
      '<h2>设备与工艺</h2><p>配备通快 6kW 光纤激光切割机、百超数控折弯机 8 台、200T 冲床产线 2 条。</p><ol><li>激光切割：碳钢 ≤20mm，不锈钢 ≤12mm</li><li>折弯：最大长度 4m</li><li>表面处理：喷粉、电泳、镀锌（合作厂）</li></ol><blockquote>机柜、机箱、储能柜外壳已批量交付多家头部客户。</blockquote>',
    keywords: '钣金,激光切割,折弯,机箱',
    status: 1,
    views: 874,
    daysAgo: 4,
  },
  {
    owner: 'zhangwei',
    name: '注塑模具设计与制造',
    category: 1,
    summary: '从产品结构评审、模流分析到模具制造与试模，一站式交付。',
    description:
      '<h2>模具能力</h2><p>模具设计团队 15 人，年交付模具 <strong>300 余套</strong>，单套最大 3.5 吨。</p><ul><li>Moldflow 模流分析，提前发现缩痕、熔接线问题</li><li>热流道、双色、包胶模具经验丰富</li><li>模具寿命：P20 钢 30 万模次，H13 钢 100 万模次</li></ul>',
    keywords: '模具,注塑,模流分析',
    status: 1,
    views: 532,
    daysAgo: 6,
  },
  {
    owner: 'zhangwei',
    name: '三坐标尺寸检测服务',
    category: 3,
    summary: '海克斯康三坐标、影像测量仪，出具全尺寸检测报告。',
    description:
      '<h2>检测项目</h2><p>全尺寸检测、形位公差、首件检验（FAI）、PPAP 尺寸报告。</p><p>检测室恒温 20±1℃，设备每年经第三方计量校准。</p>',
    keywords: '三坐标,检测,FAI',
    status: 1,
    views: 215,
    daysAgo: 9,
  },
  {
    owner: 'zhangwei',
    name: '产线数字化改造咨询',
    category: 6,
    summary: '基于自身工厂 MES 落地经验，为中小制造企业提供设备联网与排产优化方案。',
    description:
      '<h2>服务内容</h2><ul><li>设备数据采集（OPC UA、Modbus）</li><li>MES 选型与实施陪跑</li><li>排产与在制品看板</li></ul><p>方案整理中，欢迎提前 <a href="mailto:digital@jinggong.example.com">邮件咨询</a>。</p>',
    keywords: 'MES,数字化,设备联网',
    status: 0,
    views: 0,
    daysAgo: 1,
  },
  {
    owner: 'zhangwei',
    name: '铝型材阳极氧化',
    category: 2,
    summary: '本色、黑色、彩色阳极氧化及硬质氧化（已转交合作厂）。',
    description: '<p>该业务已转交长期合作的表面处理厂，如有需要可代为对接。</p>',
    keywords: '阳极氧化,表面处理',
    status: 2,
    views: 97,
    daysAgo: 20,
    isDeleted: true,
  },
  {
    owner: 'lina',
    name: '跨境进出口代理',
    category: 4,
    summary: '一般贸易进出口代理、报关报检、退税办理，宁波港与上海港双港操作。',
    description:
      '<h2>服务范围</h2><p>为制造企业提供 <strong>进出口全流程代理</strong>：签约、收付汇、报关、退税。</p><ul><li>年操作集装箱 2 万 TEU</li><li>AEO 高级认证企业，查验率低</li><li>退税平均 15 个工作日到账</li></ul>',
    keywords: '进出口,报关,退税,宁波港',
    status: 1,
    views: 1532,
    daysAgo: 1,
  },
  {
    owner: 'lina',
    name: '保税仓储与分拨',
    category: 4,
    summary: '北仑保税区 3.2 万㎡ 仓库，支持保税存储、分拣贴标与国内分拨。',
    description:
      '<h2>仓储条件</h2><table><tbody><tr><th>库型</th><th>面积</th><th>说明</th></tr><tr><td>保税仓</td><td>20,000㎡</td><td>海关监管，WMS 实时库存</td></tr><tr><td>普通仓</td><td>12,000㎡</td><td>常温，支持电商一件代发</td></tr></tbody></table><p>提供贴标、换包装、质检等增值服务。</p>',
    keywords: '保税仓,仓储,分拨',
    status: 1,
    views: 968,
    daysAgo: 3,
  },
  {
    owner: 'lina',
    name: '应收账款融资',
    category: 5,
    summary: '联合合作银行为核心企业上游供应商提供应收账款保理与订单融资。',
    description:
      '<h2>产品说明</h2><ul><li>额度：单户最高 2,000 万元</li><li>期限：30–180 天</li><li>放款：资料齐全后 3 个工作日内</li></ul><p><em>最终额度与费率以合作银行审批为准。</em></p>',
    keywords: '供应链金融,保理,应收账款',
    status: 1,
    views: 743,
    daysAgo: 5,
  },
  {
    owner: 'lina',
    name: '国际海运订舱',
    category: 4,
    summary: '美线、欧线、东南亚航线整柜与拼箱订舱，旺季保舱。',
    description:
      '<h2>优势航线</h2><ol><li>美西/美东：与主流船司签约运价</li><li>欧洲：汉堡、鹿特丹、安特卫普直达</li><li>东南亚：每周 6 班</li></ol><p>提供门到门、DDP 服务。</p>',
    keywords: '海运,订舱,拼箱',
    status: 1,
    views: 611,
    daysAgo: 7,
  },
  {
    owner: 'lina',
    name: '供应商验厂与质检',
    category: 3,
    summary: '出货前检验、验厂审核、装柜监督，覆盖长三角与珠三角。',
    description: '<h2>检验服务</h2><p>按 AQL 标准抽检，24 小时内出具中英文报告，附现场照片。</p>',
    keywords: '验货,验厂,AQL',
    status: 1,
    views: 308,
    daysAgo: 10,
  },
  {
    owner: 'lina',
    name: '跨境电商海外仓',
    category: 4,
    summary: '美国洛杉矶、德国法兰克福海外仓，一件代发与退货处理。',
    description: '<p>海外仓合作方案正在与当地伙伴确认，预计下季度上线。</p>',
    keywords: '海外仓,跨境电商',
    status: 0,
    views: 0,
    daysAgo: 0,
  },
  {
    owner: 'lina',
    name: '展会物流服务',
    category: 7,
    summary: '广交会、汉诺威工业展等展品运输与现场搬运。',
    description: '<p>今年展会档期已结束，明年档期确定后重新上架。</p>',
    keywords: '展会物流,展品运输',
    status: 2,
    views: 184,
    daysAgo: 30,
  },
];

/** The demo enterprises' abilities across categories: mostly published, a draft, one offline, one in the bin. */
export async function seedAbilities(
  db: Database,
  portal: PortalContext,
  id: (loginName: string) => string,
  now: number,
): Promise<void> {
  for (const [index, ability] of ABILITIES.entries()) {
    const owner = id(ability.owner);
    const changed = now - ability.daysAgo * DAY - index * 60_000;
    const cover = await portal.uploads.save(owner, Buffer.from(coverSvg(ability.name, ability.category)), 'cover.svg');
    await db.query(
      `INSERT INTO portal_products (owner_id, category_id, product_name, summary, description_html, cover, keywords,
                                    status, view_count, created_at, updated_at, published_at, deleted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        owner,
        ability.category,
        ability.name,
        ability.summary,
        sanitizeDescription(ability.description),
        cover.fileName,
        ability.keywords,
        ability.status,
        ability.views,
        changed - 10 * DAY,
        changed,
        ability.status === 0 ? null : changed - DAY,
        ability.isDeleted ? changed + DAY / 2 : null,
      ],
    );
  }
}

const COLOURS = ['#1677ff', '#0b4fb3', '#13a8a8', '#fa8c16', '#52c41a', '#722ed1', '#eb2f96', '#8c8c8c'];

function coverSvg(name: string, category: number): string {
  const colour = COLOURS[(category - 1) % COLOURS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270"><rect width="480" height="270" fill="${colour}"/><text x="240" y="145" font-size="30" text-anchor="middle" fill="#fff">${name}</text></svg>`;
}
