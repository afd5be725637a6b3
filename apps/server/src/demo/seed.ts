import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { createGroup } from '../im/groups/groups';
import { c2cKey, groupKey } from '../im/messages/keys';
import type { MessageWriter } from '../im/messages/message-writer';
import { createAccount } from '../portal/accounts';
import { hashPassword } from '../portal/auth/passwords';
import type { PortalContext } from '../portal/context';
import { creditCodeCheckChar, idCardCheckDigit, idCardHash, maskIdCard } from '../portal/identity';
import { seedAbilities } from './abilities';
import { seedCompany } from './company';
import { seedContent } from './content';
import { seedCooperation } from './cooperation';
import { DEMO_PASSWORD } from './credentials';
import { seedMall } from './mall';
import { seedPublicContent } from './public-content';
import { seedStatistics } from './statistics';
import { seedVip } from './vip';

interface DemoPerson {
  mobile: string;
  loginName: string;
  nick: string;
  realName?: string;
  /** The first 17 digits of a made-up identity number; the check digit is computed. */
  idCard17?: string;
  enterprise?: { name: string; code17: string; address: string };
  beta?: boolean | null;
  admin?: boolean;
}

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    mobile: '13800000000',
    loginName: 'admin',
    nick: '平台管理员',
    realName: '管理员',
    idCard17: '11010119800101001',
    admin: true,
    beta: true,
  },
  {
    mobile: '13800000001',
    loginName: 'zhangwei',
    nick: '张伟',
    realName: '张伟',
    idCard17: '32050119850312201',
    enterprise: {
      name: '苏州精工智造有限公司',
      code17: '91320500MA1XK7Q2B',
      address: '江苏省苏州市工业园区星湖街328号',
    },
    beta: true,
  },
  {
    mobile: '13800000002',
    loginName: 'lina',
    nick: '李娜',
    realName: '李娜',
    idCard17: '33020119900718302',
    enterprise: {
      name: '宁波海通供应链管理有限公司',
      code17: '91330200MA2CH6L8X',
      address: '浙江省宁波市北仑区明州路66号',
    },
    beta: true,
  },
  {
    mobile: '13800000003',
    loginName: 'wangfang',
    nick: '王芳',
    realName: '王芳',
    idCard17: '31010419921105402',
    beta: false,
  },
  { mobile: '13800000004', loginName: 'chenlei', nick: '陈磊', beta: null },
];

const LICENCE_SVG = (name: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="300"><rect width="420" height="300" fill="#fdf6e3" stroke="#b58900" stroke-width="6"/><text x="210" y="70" font-size="32" text-anchor="middle" fill="#b58900">营业执照</text><text x="210" y="150" font-size="20" text-anchor="middle">${name}</text><text x="210" y="250" font-size="14" text-anchor="middle" fill="#999">演示数据</text></svg>`;

/**
 * Fills a fresh embedded database with a few people, their enterprises, a group and some
 * history, so a newcomer who runs `npm start` logs in to a living product. Runs only when the
 * database has no portal accounts.
 */
export async function seedDemoData(
  db: Database,
  portal: PortalContext,
  writer: MessageWriter,
): Promise<{ seeded: boolean }> {
  const [existing] = await db.query('SELECT 1 FROM portal_accounts LIMIT 1');
  if (existing) return { seeded: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, string>();
  const now = Date.now();
  for (const person of DEMO_PEOPLE) {
    const account = await createAccount(db, {
      mobile: person.mobile,
      loginName: person.loginName,
      passwordHash,
      nickName: person.nick,
    });
    if (!account) throw new Error(`demo seed: ${person.mobile} exists already`);
    ids.set(person.loginName, account.user_id);
    await verifyDemoPerson(db, portal, account.user_id, person, now);
  }
  const id = (loginName: string) => ids.get(loginName) as string;

  const { group } = await createGroup(db, id('zhangwei'), {
    type: 'Public',
    name: '长三角供应链交流群',
    introduction: '长三角制造与供应链企业的交流群',
    notification: '欢迎各位同行交流合作，请勿发布广告。',
    joinOption: 'FreeAccess',
    memberList: ['lina', 'wangfang', 'admin'].map((name) => ({ userID: id(name) })),
  });
  const say = async (from: string, to: { user: string } | { group: string }, text: string) => {
    const sender = DEMO_PEOPLE.find((p) => p.loginName === from) as DemoPerson;
    const isC2C = 'user' in to;
    await writer.submit({
      key: isC2C ? c2cKey(id(from), id(to.user)) : groupKey(to.group),
      convType: isC2C ? 'C2C' : 'GROUP',
      sender: id(from),
      recipient: isC2C ? id(to.user) : to.group,
      id: `demo-${randomUUID()}`,
      type: 'TIMTextElem',
      payload: { text },
      atUserList: [],
      clientTime: Math.floor(Date.now() / 1000),
      random: Math.floor(Math.random() * 2 ** 31),
      nick: sender.nick,
      avatar: '',
      cloudCustomData: '',
      needReadReceipt: false,
      origin: 'demo-seed',
    });
  };
  await say('zhangwei', { group: group.groupID }, '大家好，我是苏州精工智造的张伟，主营精密CNC加工和钣金件。');
  await say('lina', { group: group.groupID }, '张总好！我们宁波海通做进出口供应链，后续多交流。');
  await say('wangfang', { group: group.groupID }, '欢迎欢迎，本周五园区有一场供应链对接会，有兴趣的可以一起去。');
  await say('lina', { user: 'zhangwei' }, '张总，上次说的那批铝合金结构件，图纸已经发您邮箱了。');
  await say('zhangwei', { user: 'lina' }, '收到，我们工程部今天评估，明天给您报价和交期。');
  await say('lina', { user: 'zhangwei' }, '好的，辛苦了！');
  await seedAbilities(db, portal, id, now);
  await seedCooperation(db, portal, id, now);
  await seedVip(db, portal, id, now);
  await seedCompany(db, portal, id, now);
  await seedStatistics(db, portal, id, now);
  await seedContent(db, portal, id, now);
  await seedMall(db, portal, id, now);
  await seedPublicContent(db, portal, id, now);
  return { seeded: true };
}

async function verifyDemoPerson(
  db: Database,
  portal: PortalContext,
  userID: string,
  person: DemoPerson,
  now: number,
): Promise<void> {
  if (person.realName && person.idCard17) {
    const idCard = person.idCard17 + idCardCheckDigit(person.idCard17);
    await db.query(
      `UPDATE portal_accounts SET real_name = $2, id_card_masked = $3, id_card_hash = $4, real_person_auth_status = 1,
              user_type = 1 WHERE user_id = $1`,
      [userID, person.realName, maskIdCard(idCard), idCardHash(portal.idCardKey, idCard)],
    );
  }
  await db.query(
    `UPDATE portal_accounts SET beta_status = $2, beta_applied_at = $3, ai_status = $4, is_admin = $5
      WHERE user_id = $1`,
    [
      userID,
      person.beta ?? null,
      person.beta === undefined || person.beta === null ? null : now,
      person.beta === true,
      person.admin === true,
    ],
  );
  if (person.enterprise) {
    const licence = await portal.uploads.save(userID, Buffer.from(LICENCE_SVG(person.enterprise.name)), 'licence.svg', {
      isPrivate: true,
    });
    const code = person.enterprise.code17 + creditCodeCheckChar(person.enterprise.code17);
    await db.query(
      `INSERT INTO portal_enterprise_auth (user_id, enterprise_name, credit_code, legal_person, contact_phone, address,
                                           business_license, status, submitted_at, reviewed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $8)`,
      [
        userID,
        person.enterprise.name,
        code,
        person.realName,
        person.mobile,
        person.enterprise.address,
        licence.fileName,
        now,
      ],
    );
    await db.query('UPDATE portal_accounts SET user_type = 2 WHERE user_id = $1', [userID]);
  }
}
