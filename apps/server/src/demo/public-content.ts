import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { toNumber } from '../db/database';
import { sanitizeDescription } from '../portal/abilities/rich-text';
import { createAccount } from '../portal/accounts';
import { hashPassword } from '../portal/auth/passwords';
import type { PortalContext } from '../portal/context';
import { befriend, sendCooperationOpening } from '../portal/cooperation/cooperation-chat';
import { creditCodeCheckChar, idCardCheckDigit, idCardHash, maskIdCard } from '../portal/identity';
import { DEMO_PASSWORD } from './credentials';

/**
 * The public portal's demo (docs/portal-api.md "Public portal"): four more approved enterprises
 * across design, testing, warehousing and digital services (each with a company page, published
 * abilities, industry-chain places; login with the demo password), agreed cooperation between
 * them, enterprise clusters, experts (王芳 with her portal account), news and new releases
 * linked to demo abilities. Pictures are drawn as SVG. Runs after every other demo seed.
 */
export async function seedPublicContent(
  db: Database,
  portal: PortalContext,
  id: (loginName: string) => string,
  now: number,
): Promise<void> {
  const ids = new Map<string, string>();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const company of COMPANIES)
    ids.set(company.loginName, await seedCompany(db, portal, company, passwordHash, now));
  const who = (loginName: string) => ids.get(loginName) ?? id(loginName);
  const admin = id('admin');
  const picture = async (svg: string) => (await portal.uploads.save(admin, Buffer.from(svg), 'picture.svg')).fileName;

  for (const [order, cluster] of CLUSTERS.entries()) {
    const [row] = await db.query<{ id: unknown }>(
      `INSERT INTO portal_clusters (name, region, cover, summary, introduction, sort_order, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        cluster.name,
        cluster.region,
        await picture(coverSvg(cluster.name, cluster.region, PALETTE[order % PALETTE.length] as Colours)),
        cluster.summary,
        cluster.introduction,
        order,
        now - order * DAY,
      ],
    );
    for (const member of cluster.members) {
      await db.query('INSERT INTO portal_cluster_members (cluster_id, user_id, created_at) VALUES ($1, $2, $3)', [
        row?.id,
        who(member),
        now - order * DAY,
      ]);
    }
  }

  for (const [order, expert] of EXPERTS.entries()) {
    await db.query(
      `INSERT INTO portal_experts (name, title, organisation, field, avatar, summary, introduction, achievements, phone,
                                   email, user_id, sort_order, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13)`,
      [
        expert.name,
        expert.title,
        expert.organisation,
        expert.field,
        await picture(avatarSvg(expert.name, PALETTE[order % PALETTE.length] as Colours)),
        expert.summary,
        expert.introduction,
        JSON.stringify(expert.achievements),
        expert.phone,
        expert.email,
        expert.account ? id(expert.account) : null,
        order,
        now - order * DAY,
      ],
    );
  }

  for (const [order, article] of ARTICLES.entries()) {
    const linked = article.ability ? await abilityNamed(db, who(article.ability.owner), article.ability.name) : null;
    await db.query(
      `INSERT INTO portal_articles (kind, title, summary, content_html, cover, source, owner_id, product_id, view_count,
                                    published_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        article.kind,
        article.title,
        article.summary,
        sanitizeDescription(article.content),
        await picture(
          coverSvg(article.caption, article.kind === 'news' ? '资讯' : '新品发布', PALETTE[order % 6] as Colours),
        ),
        article.source,
        linked ? who(article.ability?.owner ?? '') : null,
        linked,
        article.views,
        now - article.daysAgo * DAY - order * 60_000,
      ],
    );
  }

  for (const agreement of AGREEMENTS) await seedAgreement(db, portal, who, agreement, now);
}

const DAY = 86_400_000;

type Colours = readonly [string, string];
const PALETTE: readonly Colours[] = [
  ['#0b4fb3', '#36a3ff'],
  ['#0f766e', '#34d399'],
  ['#7c2d12', '#fb923c'],
  ['#4c1d95', '#a78bfa'],
  ['#1e3a8a', '#60a5fa'],
  ['#9f1239', '#fb7185'],
  ['#334155', '#94a3b8'],
  ['#854d0e', '#facc15'],
];

interface DemoCompany {
  mobile: string;
  loginName: string;
  nick: string;
  idCard17: string;
  name: string;
  code17: string;
  address: string;
  introduction: string;
  website: string;
  slogan: string;
  partners: string[];
  /** 'chain/segment' of the industry chains demo/company.ts seeds. */
  places: string[];
  abilities: {
    name: string;
    category: number;
    summary: string;
    description: string;
    keywords: string;
    views: number;
  }[];
}

const COMPANIES: readonly DemoCompany[] = [
  {
    mobile: '13800000011',
    loginName: 'zhoujie',
    nick: '周杰',
    idCard17: '31010419880606501',
    name: '上海云图工业设计有限公司',
    code17: '91310104MA1FL8D3X',
    address: '上海市徐汇区漕溪北路595号',
    introduction:
      '上海云图工业设计有限公司是一家以工业设计与工程设计为核心的创新服务企业，团队60余人，覆盖用户研究、外观造型、结构设计、CAE仿真与硬件开发，累计服务智能装备、消费电子和医疗器械客户300余家，多项作品获红点、iF设计奖。',
    website: 'https://www.yuntu-design-demo.cn',
    slogan: '让好设计更快落地',
    partners: ['同济大学设计创意学院', '上海市工业设计协会'],
    places: ['跨境电商供应链/品牌设计', '高端装备制造/工业软件'],
    abilities: [
      {
        name: '工业产品外观与结构设计',
        category: 1,
        summary: '从用户研究、外观造型到结构设计与手板验证，一站式缩短新品上市周期。',
        description:
          '<h2>服务流程</h2><ol><li>需求调研与竞品分析</li><li>外观草图与三维建模（3 轮方案）</li><li>结构设计与 DFM 评审</li><li>手板制作与装配验证</li></ol><p>典型周期 <strong>6–10 周</strong>，支持与制造厂联合开模。</p>',
        keywords: '工业设计,外观设计,结构设计,手板',
        views: 689,
      },
      {
        name: 'CAE结构仿真分析',
        category: 1,
        summary: '基于 ANSYS、Abaqus 的强度、模态、热与跌落仿真，出具可追溯的仿真报告。',
        description:
          '<h2>仿真项目</h2><ul><li>静力学强度与疲劳寿命</li><li>模态与随机振动</li><li>热传导与散热优化</li><li>跌落与冲击</li></ul><p>可提供仿真与试验对标服务。</p>',
        keywords: 'CAE,仿真,有限元,结构分析',
        views: 356,
      },
      {
        name: '电子产品PCB设计',
        category: 1,
        summary: '4–16 层高速 PCB 设计、EMC 整改与 DFM 评审，配合小批量贴片验证。',
        description:
          '<h2>设计能力</h2><p>DDR4、PCIe、千兆以太网等高速接口设计经验丰富；可承接 <em>EMC 预测试与整改</em>。</p>',
        keywords: 'PCB,硬件设计,EMC',
        views: 241,
      },
    ],
  },
  {
    mobile: '13800000012',
    loginName: 'sunli',
    nick: '孙丽',
    idCard17: '32020119870923602',
    name: '无锡华测质量检测有限公司',
    code17: '91320200MA1P4R6K1',
    address: '江苏省无锡市新吴区菱湖大道200号',
    introduction:
      '无锡华测质量检测有限公司是CMA、CNAS认可的第三方检测机构，实验室面积1.2万平方米，提供新能源电池、金属材料、电子电气产品的检测与认证咨询服务，报告获国内外广泛认可。',
    website: 'https://www.huace-test-demo.cn',
    slogan: '数据公正 · 结果可信',
    partners: ['中国合格评定国家认可委员会', '无锡市新吴区科技局'],
    places: ['新能源汽车/电池', '高端装备制造/精密零部件'],
    abilities: [
      {
        name: '新能源电池安全检测',
        category: 3,
        summary: '动力电池及储能电池的针刺、挤压、过充、热失控等安全检测，依据 GB 38031。',
        description:
          '<h2>检测项目</h2><table><tbody><tr><th>项目</th><th>标准</th></tr><tr><td>热扩散</td><td>GB 38031</td></tr><tr><td>UN38.3 运输</td><td>联合国规章</td></tr><tr><td>储能电池</td><td>GB/T 36276</td></tr></tbody></table><p>常规项目 <strong>10 个工作日</strong> 出具报告。</p>',
        keywords: '电池检测,热失控,GB38031,储能',
        views: 812,
      },
      {
        name: '材料成分与力学性能检测',
        category: 3,
        summary: '金属材料光谱成分、拉伸、冲击、硬度及金相分析，支持加急。',
        description: '<h2>设备</h2><p>直读光谱仪、万能材料试验机、摆锤冲击试验机、金相显微镜等 80 余台。</p>',
        keywords: '材料检测,力学性能,金相',
        views: 437,
      },
      {
        name: '出口产品认证咨询',
        category: 8,
        summary: 'CE、UL、CCC 等认证的标准解读、送样检测与资料辅导。',
        description: '<p>为出口制造企业提供认证路径规划与整改建议，平均缩短认证周期 30%。</p>',
        keywords: 'CE认证,UL,CCC,出口',
        views: 198,
      },
    ],
  },
  {
    mobile: '13800000013',
    loginName: 'liuyang',
    nick: '刘洋',
    idCard17: '34010419910315703',
    name: '合肥智运仓储物流有限公司',
    code17: '91340100MA2TQ9W5L',
    address: '安徽省合肥市经济技术开发区繁华大道18号',
    introduction:
      '合肥智运仓储物流有限公司运营合肥、芜湖两地共8万平方米智能仓库，配备自动化立体库与WMS系统，提供仓储托管、城际零担干线与医药冷链配送，服务汽车零部件、家电与医药企业。',
    website: 'https://www.zhiyun-logistics-demo.cn',
    slogan: '仓配一体 · 准时可视',
    partners: ['合肥经开区物流协会', '江淮汽车零部件供应商联盟'],
    places: ['跨境电商供应链/国际物流', '新能源汽车/整车'],
    abilities: [
      {
        name: '智能立体仓储托管',
        category: 4,
        summary: '自动化立体库 + WMS 实时库存，支持 VMI、JIT 与线边仓配送。',
        description:
          '<h2>仓储条件</h2><ul><li>立体库货位 2.4 万个，出入库效率 300 托/小时</li><li>WMS 与客户 ERP 对接，库存准确率 99.9%</li><li>7×24 小时安防与温湿度监控</li></ul>',
        keywords: '立体仓库,仓储托管,WMS,VMI',
        views: 905,
      },
      {
        name: '长三角城际零担干线',
        category: 4,
        summary: '合肥—上海、南京、杭州、苏州每日定时班车，次日达。',
        description: '<h2>线路</h2><p>自营 9.6 米厢车 60 余台，<strong>每日 18:00 截单</strong>，全程 GPS 可视。</p>',
        keywords: '零担,干线运输,长三角',
        views: 566,
      },
      {
        name: '医药冷链配送',
        category: 4,
        summary: '2–8℃ 医药冷链仓储与配送，符合 GSP 要求，全程温度记录可追溯。',
        description:
          '<h2>冷链能力</h2><ul><li>冷库 3,000㎡，2–8℃ 与 -20℃ 两个温区</li><li>冷藏车 25 台，温度每 2 分钟上传</li><li>GSP 验证报告齐全</li></ul>',
        keywords: '冷链,医药物流,GSP',
        views: 623,
      },
    ],
  },
  {
    mobile: '13800000014',
    loginName: 'hemei',
    nick: '何梅',
    idCard17: '33010619940812804',
    name: '杭州数智云科技有限公司',
    code17: '91330106MA2KD7G4T',
    address: '浙江省杭州市余杭区文一西路969号',
    introduction:
      '杭州数智云科技有限公司专注制造业数字化，提供轻量MES、供应链可视化与工业品跨境营销服务，已为长三角400余家中小制造企业完成数字化改造，平均提升设备综合效率15%。',
    website: 'https://www.shuzhiyun-demo.cn',
    slogan: '数字化，从一条产线开始',
    partners: ['阿里云', '浙江省中小企业服务中心'],
    places: ['高端装备制造/工业软件', '跨境电商供应链/海外营销'],
    abilities: [
      {
        name: '中小制造企业MES系统',
        category: 6,
        summary: '订阅制轻量 MES：工单、报工、质量追溯与设备看板，两周上线。',
        description:
          '<h2>功能模块</h2><ul><li>生产工单与扫码报工</li><li>质量检验与批次追溯</li><li>设备 OEE 看板</li></ul><p>支持私有化部署与 <a href="https://www.shuzhiyun-demo.cn">在线试用</a>。</p>',
        keywords: 'MES,数字化,报工,追溯',
        views: 734,
      },
      {
        name: '供应链可视化数据看板',
        category: 6,
        summary: '打通 ERP、WMS 与物流数据，采购、库存、在途一屏可见。',
        description: '<p>预置 30 余个供应链指标，支持按供应商、物料和仓库下钻分析。</p>',
        keywords: '数据看板,供应链可视化,BI',
        views: 302,
      },
      {
        name: '工业品跨境营销代运营',
        category: 7,
        summary: '阿里国际站、独立站与海外社媒代运营，面向工业品买家精准获客。',
        description:
          '<h2>服务内容</h2><ul><li>店铺装修与产品详情优化</li><li>关键词投放与询盘管理</li><li>海外展会线上引流</li></ul>',
        keywords: '跨境营销,国际站,独立站',
        views: 275,
      },
    ],
  },
];

const CLUSTERS = [
  {
    name: '苏州工业园区智能制造集群',
    region: '江苏苏州',
    summary: '以精密加工、检测认证与工业软件为核心的智能制造企业集群。',
    introduction:
      '集群依托苏州工业园区的高端制造基础，聚集精密加工、检测认证、工业软件等上下游企业，成员之间共享产能、检测资源与数字化经验，合作承接新能源汽车与工业机器人零部件订单。',
    members: ['zhangwei', 'sunli', 'hemei'],
  },
  {
    name: '宁波舟山港航物流集群',
    region: '浙江宁波',
    summary: '立足宁波舟山港的进出口、仓储与多式联运服务集群。',
    introduction:
      '集群成员覆盖报关报检、国际海运、保税仓储与内陆干线运输，为长三角制造企业提供港口到工厂的一体化物流方案。',
    members: ['lina', 'liuyang'],
  },
  {
    name: '长三角工业设计创新集群',
    region: '上海',
    summary: '工业设计、结构仿真与精密制造协同的设计创新集群。',
    introduction:
      '集群推动设计企业与制造企业协同：设计方案在成员工厂内快速打样验证，缩短从概念到量产的周期，服务智能装备、消费电子与医疗器械客户。',
    members: ['zhoujie', 'zhangwei'],
  },
  {
    name: '合肥新能源汽车零部件集群',
    region: '安徽合肥',
    summary: '围绕新能源整车厂的零部件制造、检测与线边物流集群。',
    introduction: '集群服务合肥新能源整车产能，成员提供电池检测、精密结构件与线边仓配送，支持整车厂 JIT 供货要求。',
    members: ['liuyang', 'sunli', 'zhangwei'],
  },
  {
    name: '杭州数字经济服务集群',
    region: '浙江杭州',
    summary: '为制造企业提供数字化改造、跨境营销与设计服务的集群。',
    introduction:
      '集群以数字化服务商为主体，联合设计与供应链服务企业，为中小制造企业提供从产线数字化到海外获客的组合服务。',
    members: ['hemei', 'lina', 'zhoujie'],
  },
] as const;

interface DemoExpert {
  name: string;
  title: string;
  organisation: string;
  field: string;
  summary: string;
  introduction: string;
  achievements: string[];
  phone: string;
  email: string;
  /** The demo login of the expert's own portal account. */
  account?: string;
}

const EXPERTS: readonly DemoExpert[] = [
  {
    name: '王建国',
    title: '教授级高级工程师',
    organisation: '浙江大学机械工程学院',
    field: '智能制造',
    summary: '长期从事数控装备与工业互联网研究，主持多项智能工厂建设项目。',
    introduction:
      '王建国教授从事数控装备、智能工厂与工业互联网研究三十年，曾任多家装备制造企业技术顾问，擅长产线自动化规划与数字化车间建设。',
    achievements: ['主持国家重点研发计划项目3项', '授权发明专利40余项', '指导建成省级数字化车间12个'],
    phone: '0571-87950001',
    email: 'wangjg@demo-expert.cn',
  },
  {
    name: '陈晓梅',
    title: '研究员',
    organisation: '中国物流学会',
    field: '仓储物流',
    summary: '研究仓储网络规划与智能仓储技术应用，参与多项物流国家标准起草。',
    introduction:
      '陈晓梅研究员专注仓储网络规划、自动化立体库选型与物流成本优化，为数十家制造与零售企业提供仓网规划咨询。',
    achievements: ['参与起草物流国家标准5项', '出版《智能仓储规划与实践》'],
    phone: '010-68391002',
    email: 'chenxm@demo-expert.cn',
  },
  {
    name: '刘志强',
    title: '教授、博士生导师',
    organisation: '上海交通大学安泰经济与管理学院',
    field: '供应链管理',
    summary: '研究供应链韧性与采购策略，为多家上市公司提供供应链诊断。',
    introduction: '刘志强教授研究供应链风险管理、供应商协同与采购策略，近年关注产业链安全与区域供应链协同。',
    achievements: ['国家自然科学基金重点项目负责人', '发表SCI/SSCI论文60余篇'],
    phone: '021-52301003',
    email: 'liuzq@demo-expert.cn',
  },
  {
    name: '赵敏华',
    title: '高级工程师',
    organisation: '长三角新能源汽车技术创新中心',
    field: '新能源汽车',
    summary: '动力电池系统集成与热管理专家，熟悉整车零部件供应体系。',
    introduction: '赵敏华高级工程师长期从事动力电池系统集成、热管理与安全设计，参与多款量产车型电池包开发。',
    achievements: ['参与量产车型电池包开发8款', '获省科技进步一等奖'],
    phone: '0551-63601004',
    email: 'zhaomh@demo-expert.cn',
  },
  {
    name: '孙立新',
    title: '正高级工程师',
    organisation: '江苏省产品质量监督检验研究院',
    field: '检验检测',
    summary: '从事电子电气产品检测与认证二十余年，熟悉国内外认证体系。',
    introduction: '孙立新正高级工程师熟悉 CCC、CE、UL 等认证要求，擅长帮助出口企业规划认证路径、整改产品设计。',
    achievements: ['主导建设电磁兼容实验室', '参与制修订行业标准9项'],
    phone: '025-86631005',
    email: 'sunlx@demo-expert.cn',
  },
  {
    name: '黄文静',
    title: '副教授',
    organisation: '同济大学设计创意学院',
    field: '工业设计',
    summary: '研究产品设计与用户体验，指导作品多次获国际设计奖项。',
    introduction: '黄文静副教授研究工业产品设计方法与人机工程，长期与制造企业合作开展产品创新设计。',
    achievements: ['指导作品获红点设计奖4项', '出版《工业产品创新设计方法》'],
    phone: '021-65981006',
    email: 'huangwj@demo-expert.cn',
  },
  {
    name: '周海涛',
    title: '首席研究员',
    organisation: '长三角供应链金融研究中心',
    field: '供应链金融',
    summary: '研究应收账款融资与供应链票据，熟悉银行与核心企业合作模式。',
    introduction: '周海涛首席研究员曾任商业银行交易银行部负责人，熟悉保理、订单融资与供应链票据业务设计。',
    achievements: ['设计供应链金融产品10余款', '累计支持中小企业融资超50亿元'],
    phone: '021-50801007',
    email: 'zhouht@demo-expert.cn',
  },
  {
    name: '王芳',
    title: '供应链数字化顾问',
    organisation: '独立顾问',
    field: '数字化服务',
    summary: '帮助中小制造企业梳理采购与库存流程，落地供应链数字化工具。',
    introduction:
      '王芳顾问有十年制造业采购与计划管理经验，近年为中小企业提供供应链数字化诊断与系统选型建议，可在平台上直接私信沟通。',
    achievements: ['完成中小企业数字化诊断60余家', '平台认证顾问'],
    phone: '13800000003',
    email: 'wangfang@demo-expert.cn',
    account: 'wangfang',
  },
];

interface DemoArticle {
  kind: 'news' | 'release';
  title: string;
  /** The cover's short text. */
  caption: string;
  summary: string;
  content: string;
  source: string;
  ability?: { owner: string; name: string };
  views: number;
  daysAgo: number;
}

const ARTICLES: readonly DemoArticle[] = [
  {
    kind: 'release',
    title: '苏州精工智造五轴CNC精密加工产线扩产',
    caption: '五轴CNC新产线',
    summary: '新增12台五轴加工中心，复杂结构件月产能提升至8万件。',
    content:
      '<p>苏州精工智造有限公司近日完成五轴加工车间扩建，新增 <strong>12 台五轴加工中心</strong>。</p><h2>新产线亮点</h2><ul><li>公差可达 ±0.005mm</li><li>打样 5–7 天交付</li><li>支持钛合金、PEEK 等难加工材料</li></ul>',
    source: '企业发布',
    ability: { owner: 'zhangwei', name: '五轴CNC精密加工' },
    views: 532,
    daysAgo: 1,
  },
  {
    kind: 'release',
    title: '宁波海通北仑保税仓分拨服务上线',
    caption: '保税仓分拨服务',
    summary: '3.2万平方米保税仓提供分拣贴标与国内分拨，助力跨境卖家降本。',
    content:
      '<p>宁波海通供应链管理有限公司北仑保税仓分拨服务正式上线。</p><p>服务支持保税存储、分拣贴标与国内分拨，WMS 实时同步库存。</p>',
    source: '企业发布',
    ability: { owner: 'lina', name: '保税仓储与分拨' },
    views: 418,
    daysAgo: 3,
  },
  {
    kind: 'release',
    title: '云图工业设计推出外观与结构一体化设计服务',
    caption: '一体化设计服务',
    summary: '外观、结构与手板验证一站式交付，新品开发周期缩短约30%。',
    content:
      '<p>上海云图工业设计有限公司发布外观与结构一体化设计服务，设计团队与合作工厂协同打样。</p><h2>适用行业</h2><p>智能装备、消费电子、医疗器械。</p>',
    source: '企业发布',
    ability: { owner: 'zhoujie', name: '工业产品外观与结构设计' },
    views: 276,
    daysAgo: 5,
  },
  {
    kind: 'release',
    title: '华测检测新能源电池安全实验室投入使用',
    caption: '电池安全实验室',
    summary: '新实验室覆盖热扩散、针刺、挤压等全部安全项目，常规项目10个工作日出报告。',
    content: '<p>无锡华测质量检测有限公司新能源电池安全实验室正式投入使用，可依据 GB 38031 开展全项安全检测。</p>',
    source: '企业发布',
    ability: { owner: 'sunli', name: '新能源电池安全检测' },
    views: 389,
    daysAgo: 8,
  },
  {
    kind: 'release',
    title: '智运仓储发布医药冷链配送方案',
    caption: '医药冷链配送',
    summary: '2–8℃全程温控，温度数据每2分钟上传，满足GSP要求。',
    content:
      '<p>合肥智运仓储物流有限公司发布医药冷链配送方案，覆盖合肥及长三角主要城市。</p><ul><li>冷库 3,000㎡</li><li>冷藏车 25 台</li></ul>',
    source: '企业发布',
    ability: { owner: 'liuyang', name: '医药冷链配送' },
    views: 301,
    daysAgo: 11,
  },
  {
    kind: 'release',
    title: '数智云轻量MES面向中小制造企业开放试用',
    caption: '轻量MES开放试用',
    summary: '订阅制MES两周上线，工单、报工、质量追溯与设备看板开箱即用。',
    content: '<p>杭州数智云科技有限公司发布面向中小制造企业的轻量 MES，即日起开放 30 天免费试用。</p>',
    source: '企业发布',
    ability: { owner: 'hemei', name: '中小制造企业MES系统' },
    views: 345,
    daysAgo: 14,
  },
  {
    kind: 'news',
    title: '长三角供应链对接会在苏州工业园区举行',
    caption: '供应链对接会',
    summary: '两百余家制造与供应链企业参会，现场达成合作意向36项。',
    content:
      '<p>由平台主办的长三角供应链对接会在苏州工业园区举行，两百余家企业参会。</p><h2>会议亮点</h2><ul><li>精密制造、仓储物流、检验检测三个专场</li><li>现场达成合作意向 <strong>36 项</strong></li></ul><p>下一场对接会将在宁波举行，欢迎企业报名。</p>',
    source: '平台资讯',
    views: 1206,
    daysAgo: 2,
  },
  {
    kind: 'news',
    title: '能力库上线仓储物流与研发设计专区',
    caption: '能力库新专区',
    summary: '企业可按专区快速找到仓储托管、干线运输、工业设计与仿真服务。',
    content:
      '<p>平台能力库新增「仓储物流」与「研发设计」两个专区，集中展示相关企业的已发布能力。</p><p>企业发布能力时选择对应分类即可进入专区。</p>',
    source: '平台资讯',
    views: 864,
    daysAgo: 4,
  },
  {
    kind: 'news',
    title: '新能源汽车产业链图谱正式上线',
    caption: '产业链图谱上线',
    summary: '从锂矿资源到整车与充电服务，企业可在图谱中标注自己的环节。',
    content:
      '<p>平台产业链频道上线新能源汽车、高端装备制造与跨境电商供应链三条产业链图谱。</p><p>企业在管理中心「产业链」中即可加入所在环节，方便上下游找到彼此。</p>',
    source: '平台资讯',
    views: 742,
    daysAgo: 6,
  },
  {
    kind: 'news',
    title: '专家库迎来首批八位行业专家入驻',
    caption: '专家库上线',
    summary: '覆盖智能制造、仓储物流、供应链金融等八个领域，登录后可查看联系方式。',
    content:
      '<p>平台专家库上线，首批八位专家来自高校、研究机构与行业一线。</p><p>企业用户登录后可在专家详情页查看联系方式，部分专家支持平台内私信。</p>',
    source: '平台资讯',
    views: 655,
    daysAgo: 9,
  },
  {
    kind: 'news',
    title: '中小制造企业数字化转型调研报告发布',
    caption: '数字化转型调研',
    summary: '调研覆盖长三角500家中小制造企业，设备联网与数据应用仍是主要短板。',
    content:
      '<h2>主要发现</h2><ul><li>62% 的受访企业已使用 ERP，但仅 23% 实现设备联网</li><li>质量追溯是企业最迫切的数字化需求</li></ul><p>报告建议从单条产线试点起步，逐步推广。</p>',
    source: '链联研究院',
    views: 538,
    daysAgo: 12,
  },
  {
    kind: 'news',
    title: '跨境电商旺季物流备货指南',
    caption: '旺季备货指南',
    summary: '提前锁定舱位、合理安排海外仓库存，避开旺季爆仓与延误。',
    content:
      '<h2>备货建议</h2><ol><li>提前 8–10 周确认海运舱位</li><li>核心 SKU 提前入海外仓</li><li>关注目的港拥堵情况，预留缓冲时间</li></ol>',
    source: '行业观察',
    views: 471,
    daysAgo: 16,
  },
  {
    kind: 'news',
    title: '平台撮合运营月度回顾',
    caption: '撮合月度回顾',
    summary: '本月新增合作申请与达成合作均稳步增长，仓储物流类需求最为活跃。',
    content:
      '<p>本月平台新增合作申请与达成合作稳步增长，其中仓储物流与检验检测类需求最为活跃。</p><p>撮合运营页面可查看最新的开放需求与达成合作。</p>',
    source: '平台资讯',
    views: 389,
    daysAgo: 20,
  },
  {
    kind: 'news',
    title: '企业认证与能力发布操作指引更新',
    caption: '操作指引更新',
    summary: '新版指引说明认证材料要求、能力发布规范与常见驳回原因。',
    content:
      '<h2>更新内容</h2><ul><li>营业执照与授权书上传要求</li><li>能力标题、简介与详情的填写规范</li><li>常见驳回原因及修改建议</li></ul>',
    source: '平台公告',
    views: 312,
    daysAgo: 25,
  },
];

/** Agreed cooperation between the new demo enterprises: the requester, the enterprise and its ability. */
const AGREEMENTS = [
  {
    from: 'liuyang',
    to: 'zhoujie',
    ability: '工业产品外观与结构设计',
    message: '我们计划改型一批智能仓储货架，需要外观与结构设计支持。',
    daysAgo: 2,
  },
  {
    from: 'hemei',
    to: 'sunli',
    ability: '材料成分与力学性能检测',
    message: '客户要求提供设备外壳材料的力学性能报告，想委托检测。',
    daysAgo: 6,
  },
  {
    from: 'zhoujie',
    to: 'liuyang',
    ability: '长三角城际零担干线',
    message: '每周有两批手板样件需要从上海发往合肥，想了解零担价格。',
    daysAgo: 12,
  },
] as const;

async function seedCompany(
  db: Database,
  portal: PortalContext,
  company: DemoCompany,
  passwordHash: string,
  now: number,
): Promise<string> {
  const account = await createAccount(db, {
    mobile: company.mobile,
    loginName: company.loginName,
    passwordHash,
    nickName: company.nick,
  });
  if (!account) throw new Error(`demo seed: ${company.mobile} exists already`);
  const userId = account.user_id;
  const idCard = company.idCard17 + idCardCheckDigit(company.idCard17);
  await db.query(
    `UPDATE portal_accounts SET real_name = $2, id_card_masked = $3, id_card_hash = $4, real_person_auth_status = 1,
            user_type = 2, beta_status = true, beta_applied_at = $5, ai_status = true WHERE user_id = $1`,
    [userId, company.nick, maskIdCard(idCard), idCardHash(portal.idCardKey, idCard), now],
  );
  const licence = await portal.uploads.save(userId, Buffer.from(licenceSvg(company.name)), 'licence.svg', {
    isPrivate: true,
  });
  await db.query(
    `INSERT INTO portal_enterprise_auth (user_id, enterprise_name, credit_code, legal_person, contact_phone, address,
                                         business_license, status, submitted_at, reviewed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $8)`,
    [
      userId,
      company.name,
      company.code17 + creditCodeCheckChar(company.code17),
      company.nick,
      company.mobile,
      company.address,
      licence.fileName,
      now - 60 * DAY,
    ],
  );
  const banner = await portal.uploads.save(userId, Buffer.from(bannerSvg(company.slogan)), 'banner.svg');
  await db.query(
    `INSERT INTO portal_company_pages (user_id, introduction, banner, website, phone_public, updated_at)
     VALUES ($1, $2, $3, $4, true, $5)`,
    [userId, company.introduction, banner.fileName, company.website, now],
  );
  for (const [i, partner] of company.partners.entries()) {
    await db.query('INSERT INTO portal_partners (user_id, name, created_at) VALUES ($1, $2, $3)', [
      userId,
      partner,
      now - i * 60_000,
    ]);
  }
  for (const place of company.places) {
    const [chain, segment] = place.split('/');
    await db.query(
      `INSERT INTO portal_industry_members (segment_id, user_id, created_at)
       SELECT s.id, $3, $4 FROM portal_industry_segments s JOIN portal_industry_chains c ON c.id = s.chain_id
        WHERE c.name = $1 AND s.name = $2`,
      [chain, segment, userId, now - 7 * DAY],
    );
  }
  for (const [i, ability] of company.abilities.entries()) {
    const published = now - (i * 3 + 2) * DAY;
    const cover = await portal.uploads.save(
      userId,
      Buffer.from(coverSvg(ability.name, company.name, PALETTE[(ability.category - 1) % PALETTE.length] as Colours)),
      'cover.svg',
    );
    await db.query(
      `INSERT INTO portal_products (owner_id, category_id, product_name, summary, description_html, cover, keywords,
                                    status, view_count, created_at, updated_at, published_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9, $10, $10)`,
      [
        userId,
        ability.category,
        ability.name,
        ability.summary,
        sanitizeDescription(ability.description),
        cover.fileName,
        ability.keywords,
        ability.views,
        published - 5 * DAY,
        published,
      ],
    );
  }
  return userId;
}

async function seedAgreement(
  db: Database,
  portal: PortalContext,
  who: (loginName: string) => string,
  agreement: (typeof AGREEMENTS)[number],
  now: number,
): Promise<void> {
  const [from, to] = [who(agreement.from), who(agreement.to)];
  const productId = await abilityNamed(db, to, agreement.ability);
  if (!productId) return;
  const company = COMPANIES.find((c) => c.loginName === agreement.from);
  const requestId = randomUUID();
  const createdAt = now - agreement.daysAgo * DAY;
  const handledAt = createdAt + 4 * 3_600_000;
  await db.query(
    `INSERT INTO portal_cooperation_requests
       (to_user, id, from_user, subject, message, product_id, contact_name, contact_phone, apply_status, readed,
        from_readed, created_at, handled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, true, true, $9, $10)`,
    [
      to,
      requestId,
      from,
      agreement.ability,
      agreement.message,
      productId,
      company?.nick,
      company?.mobile,
      createdAt,
      handledAt,
    ],
  );
  await db.transaction((tx) => befriend(tx, to, from));
  await sendCooperationOpening(portal, to, {
    id: requestId,
    productId,
    productName: agreement.ability,
    subject: agreement.ability,
    message: agreement.message,
    contactName: company?.nick ?? '',
    contactPhone: company?.mobile ?? '',
    applyStatus: 1,
    readed: true,
    fromReaded: true,
    otherUserId: from,
    otherUserName: '',
    otherEnterpriseName: '',
    createdAt,
    handledAt,
  });
}

async function abilityNamed(db: Database, ownerId: string, name: string): Promise<string | null> {
  const [row] = await db.query<{ id: unknown }>(
    `SELECT id FROM portal_products WHERE owner_id = $1 AND product_name = $2 AND status = 1 AND deleted_at IS NULL`,
    [ownerId, name],
  );
  return row ? String(toNumber(row.id)) : null;
}

function coverSvg(title: string, caption: string, [from, to]: Colours): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><defs><linearGradient id="c" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="640" height="360" fill="url(#c)"/><rect x="40" y="40" width="560" height="280" rx="18" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/><text x="320" y="180" font-size="34" font-weight="bold" text-anchor="middle" fill="#fff">${title}</text><text x="320" y="236" font-size="20" text-anchor="middle" fill="#fff" opacity="0.85">${caption}</text></svg>`;
}

function avatarSvg(name: string, [from, to]: Colours): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240"><defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><circle cx="120" cy="120" r="120" fill="url(#a)"/><text x="120" y="148" font-size="84" text-anchor="middle" fill="#fff">${name.slice(0, 1)}</text></svg>`;
}

function bannerSvg(slogan: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300"><defs><linearGradient id="b" x1="0" x2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#2563eb"/></linearGradient></defs><rect width="1200" height="300" fill="url(#b)"/><text x="600" y="170" font-size="48" text-anchor="middle" fill="#fff">${slogan}</text></svg>`;
}

function licenceSvg(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="300"><rect width="420" height="300" fill="#fffbeb" stroke="#b45309" stroke-width="6"/><text x="210" y="80" font-size="30" text-anchor="middle" fill="#b45309">营业执照（副本）</text><text x="210" y="160" font-size="18" text-anchor="middle">${name}</text><text x="210" y="250" font-size="14" text-anchor="middle" fill="#999">演示数据</text></svg>`;
}
