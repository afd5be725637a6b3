import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { toNumber } from '../db/database';
import type { PortalContext } from '../portal/context';
import { befriend, sendCooperationOpening } from '../portal/cooperation/cooperation-chat';

/**
 * Demo cooperation requests both ways about the demo abilities (two waiting and unread for
 * zhangwei, so the floating bar shows; an agreed one (lina, wangfang) with their friendship and
 * opening message; refused ones
 * ), a contact, and the platform's official pushes. Runs after the abilities.
 * Follows, collections and views come with the statistics' demo rows.
 */
export async function seedCooperation(
  db: Database,
  portal: PortalContext,
  id: (loginName: string) => string,
  now: number,
): Promise<void> {
  const hour = 3_600_000;
  for (const request of REQUESTS) {
    const products = await publishedAbilities(db, id(request.to));
    const product = products[request.ability];
    if (!product) continue;
    const requestId = randomUUID();
    const createdAt = now - request.hoursAgo * hour;
    const handledAt = request.status === 0 ? null : createdAt + 5 * hour;
    await db.query(
      `INSERT INTO portal_cooperation_requests
         (to_user, id, from_user, subject, message, product_id, contact_name, contact_phone, apply_status, readed,
          from_readed, created_at, handled_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        id(request.to),
        requestId,
        id(request.from),
        product.name,
        request.message,
        product.id,
        request.contactName,
        request.contactPhone,
        request.status,
        request.readed,
        request.fromReaded,
        createdAt,
        handledAt,
      ],
    );
    if (request.status !== 1) continue;
    await db.transaction((tx) => befriend(tx, id(request.to), id(request.from)));
    await sendCooperationOpening(portal, id(request.to), {
      id: requestId,
      productId: product.id,
      productName: product.name,
      subject: product.name,
      message: request.message,
      contactName: request.contactName,
      contactPhone: request.contactPhone,
      applyStatus: 1,
      readed: true,
      fromReaded: request.fromReaded,
      otherUserId: id(request.from),
      otherUserName: '',
      otherEnterpriseName: '',
      createdAt,
      handledAt,
    });
  }

  await db.query('INSERT INTO portal_connects (user_id, target_id, created_at) VALUES ($1, $2, $3)', [
    id('wangfang'),
    id('lina'),
    now - 30 * hour,
  ]);

  for (const [i, push] of PUSHES.entries()) {
    await db.query(
      'INSERT INTO portal_official_pushes (title, content, published_by, created_at) VALUES ($1, $2, $3, $4)',
      [push.title, push.content, id('admin'), now - (PUSHES.length - i) * 40 * hour],
    );
  }
}

async function publishedAbilities(db: Database, ownerId: string): Promise<Array<{ id: string; name: string }>> {
  const rows = await db.query<{ id: unknown; product_name: string }>(
    `SELECT id, product_name FROM portal_products
      WHERE owner_id = $1 AND status = 1 AND deleted_at IS NULL ORDER BY id`,
    [ownerId],
  );
  return rows.map((r) => ({ id: String(toNumber(r.id)), name: r.product_name }));
}

interface DemoRequest {
  from: string;
  to: string;
  /** Which of the enterprise's published abilities (in creation order). */
  ability: number;
  message: string;
  contactName: string;
  contactPhone: string;
  status: 0 | 1 | 2;
  readed: boolean;
  fromReaded: boolean;
  hoursAgo: number;
}

const REQUESTS: readonly DemoRequest[] = [
  {
    from: 'lina',
    to: 'zhangwei',
    ability: 0,
    message: '我们有一批6061铝合金结构件（约2000件/月）需要CNC加工，想了解贵司的产能、交期和报价方式。',
    contactName: '李娜',
    contactPhone: '13800000002',
    status: 0,
    readed: false,
    fromReaded: true,
    hoursAgo: 3,
  },
  {
    from: 'wangfang',
    to: 'zhangwei',
    ability: 3,
    message: '想了解贵司的三坐标检测服务，我们每周约有三批精密结构件需要全尺寸检测，能否出具检测报告？',
    contactName: '王芳',
    contactPhone: '13800000003',
    status: 0,
    readed: false,
    fromReaded: true,
    hoursAgo: 6,
  },
  {
    from: 'wangfang',
    to: 'zhangwei',
    ability: 1,
    message: '我司新品外壳需要钣金打样，数量不大但对表面处理要求较高，希望能安排工程师对接。',
    contactName: '王芳',
    contactPhone: '13800000003',
    // Refused, not agreed: agreeing would make them friends, and the contacts e2e has zhangwei
    // add wangfang as a new friend.
    status: 2,
    readed: true,
    fromReaded: false,
    hoursAgo: 50,
  },
  {
    from: 'zhangwei',
    to: 'lina',
    ability: 0,
    message: '我们每月有两个整柜出口欧洲，想了解贵司的订舱和报关一体化服务价格。',
    contactName: '张伟',
    contactPhone: '13800000001',
    status: 2,
    readed: true,
    fromReaded: true,
    hoursAgo: 30,
  },
  {
    from: 'wangfang',
    to: 'lina',
    ability: 1,
    message: '年底备货需要在宁波租用约800平米的保税仓，想咨询仓储费用和入库流程。',
    contactName: '王芳',
    contactPhone: '13800000003',
    status: 1,
    readed: true,
    fromReaded: true,
    hoursAgo: 96,
  },
  {
    from: 'zhangwei',
    to: 'lina',
    ability: 2,
    message: '希望了解贵司供应链金融服务的准入条件，我们主要是应收账款融资需求。',
    contactName: '张伟',
    contactPhone: '13800000001',
    status: 0,
    readed: true,
    fromReaded: true,
    hoursAgo: 8,
  },
];

const PUSHES = [
  {
    title: '平台能力库全面升级',
    content: '能力库现已支持富文本介绍、附件下载和分类检索。欢迎各企业完善能力信息，完整度高的能力将在首页优先展示。',
  },
  {
    title: '长三角供应链对接会报名开启',
    content: '本月下旬将在苏州工业园区举办线下供应链对接会，认证企业可在管理中心报名，名额有限，先到先得。',
  },
  {
    title: '关于合作申请处理时效的提醒',
    content: '为提升对接效率，请企业在收到合作申请后三个工作日内处理。同意后系统将自动为双方开启聊天。',
  },
];
