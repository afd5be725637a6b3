import type { CooperationAnswer, CooperationRequest } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { type Chat, connect, startServer } from '../../integration/harness';
import { PortalClient } from '../test-client';
import { ability, enterprise, type Person, registered, subAccount, verifiedPerson } from '../test-people';
import { cooperationNoticeDescription } from './cooperation-chat';

/** Cooperation requests: asking, the two lists, read marks, agree/refuse and the chat it opens. */
let server: LiaisonServer;
const chats: Chat[] = [];
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
});
afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await server.close();
});

const RECEIVED = '/portal/self/center/other/to/me/connect';
const SENT = '/portal/self/center/me/to/other/connect';
const APPLY = '/portal/supply/chain/apply/cooperation';
const notFound = { code: 404, msg: '访问资源不存在' };
const unauthorized = { code: 401, msg: '认证失败，无法访问系统资源' };
const forbidden = { code: 403, msg: '当前操作没有权限' };

const form = (productId: string, overrides: Record<string, unknown> = {}) => ({
  productId,
  message: '我们有一批铝合金结构件需要加工，想了解产能和交期。',
  contactName: '王经理',
  contactPhone: '13912345678',
  ...overrides,
});

async function apply(who: Person, productId: string, overrides: Record<string, unknown> = {}) {
  return who.client.call<CooperationRequest>('POST', APPLY, form(productId, overrides));
}

async function todo(who: Person): Promise<number> {
  return (await who.client.call<{ connectMeCount: number }>('GET', '/portal/self/center/personal/todo')).data
    ?.connectMeCount as number;
}

async function list(who: Person, url: string, query = '') {
  return who.client.call<{ rows: CooperationRequest[]; total: number }>('GET', `${url}${query}`);
}

describe('asking for a cooperation', () => {
  it('reaches the enterprise owning the ability and shows in both lists and the to-do count', async () => {
    const owner = await enterprise(server, '苏州精工智造有限公司');
    const productId = await ability(server, owner, { name: '精密CNC加工' });
    const asker = await verifiedPerson(server, '王芳');

    const answer = await apply(asker, productId);
    expect(answer).toMatchObject({ code: 200, msg: '申请已提交，请等待对方处理' });
    expect(answer.data).toMatchObject({
      productId,
      productName: '精密CNC加工',
      subject: '精密CNC加工',
      contactName: '王经理',
      contactPhone: '13912345678',
      applyStatus: 0,
      readed: false,
      otherUserId: owner.userId,
      otherEnterpriseName: '苏州精工智造有限公司',
    });

    const received = await list(owner, RECEIVED);
    expect(received.data?.total).toBe(1);
    expect(received.data?.rows[0]).toMatchObject({
      id: answer.data?.id,
      productName: '精密CNC加工',
      otherUserId: asker.userId,
      otherUserName: '王芳',
      otherEnterpriseName: '',
      message: form(productId).message,
      readed: false,
    });
    expect((await list(asker, SENT)).data?.rows.map((r) => r.id)).toEqual([answer.data?.id]);
    expect(await todo(owner)).toBe(1);
    expect(await todo(asker)).toBe(0);
  });

  it('refuses bad forms, unverified users, own, unpublished and unknown abilities, and a second waiting request', async () => {
    const owner = await enterprise(server, '宁波海通供应链管理有限公司');
    const productId = await ability(server, owner, { name: '跨境物流' });
    const draft = await ability(server, owner, { name: '草稿能力', status: 0 });
    const asker = await verifiedPerson(server);

    expect(await apply(asker, productId, { message: '' })).toEqual({ code: 500, msg: '请输入合作需求' });
    expect(await apply(asker, productId, { message: '长'.repeat(501) })).toEqual({
      code: 500,
      msg: '合作需求不能超过500个字符',
    });
    expect(await apply(asker, productId, { contactName: ' ' })).toEqual({ code: 500, msg: '请输入联系人' });
    expect(await apply(asker, productId, { contactPhone: '12345' })).toEqual({
      code: 500,
      msg: '请输入正确的手机号码',
    });
    expect(await apply(asker, 'abc')).toEqual({ code: 500, msg: '能力不存在' });
    expect(await apply(asker, draft)).toEqual(notFound);
    expect(await apply(asker, '999999999')).toEqual(notFound);
    expect(await apply(owner, productId)).toEqual({ code: 500, msg: '不能向本企业的能力申请合作' });
    const unverified = await registered(server);
    expect(await apply(unverified, productId)).toEqual({ code: 500, msg: '请先完成实名认证' });
    expect((await list(owner, RECEIVED)).data?.total).toBe(0);

    expect((await apply(asker, productId)).code).toBe(200);
    expect(await apply(asker, productId)).toEqual({ code: 500, msg: '您已申请过该能力的合作，请等待对方处理' });
    expect((await list(owner, RECEIVED)).data?.total).toBe(1);
    expect(await new PortalClient(server).call('POST', APPLY, form(productId))).toEqual(unauthorized);
  });

  it('lets the user ask again once the earlier request was answered', async () => {
    const owner = await enterprise(server, '杭州云仓科技有限公司');
    const productId = await ability(server, owner, { name: '智能仓储' });
    const asker = await verifiedPerson(server);
    const first = (await apply(asker, productId)).data as CooperationRequest;
    await owner.client.call('GET', `${RECEIVED}/refuse/${first.id}`);
    expect((await apply(asker, productId)).code).toBe(200);
  });
});

describe('the lists', () => {
  it('filter by status and by the other party, and page RuoYi-style', async () => {
    const owner = await enterprise(server, '上海联检检测技术有限公司');
    const productId = await ability(server, owner, { name: '材料检测' });
    const names = ['赵强', '钱进', '孙丽'];
    const ids: string[] = [];
    for (const name of names) {
      ids.push(((await apply(await verifiedPerson(server, name), productId)).data as CooperationRequest).id);
    }
    await owner.client.call('GET', `${RECEIVED}/agree/${ids[0]}`);

    const page1 = await list(owner, RECEIVED, '?pageNum=1&pageSize=2');
    expect(page1.data?.total).toBe(3);
    expect(page1.data?.rows.map((r) => r.otherUserName)).toEqual(['孙丽', '钱进']);
    const page2 = await list(owner, RECEIVED, '?pageNum=2&pageSize=2');
    expect(page2.data?.rows.map((r) => r.otherUserName)).toEqual(['赵强']);

    const waiting = await list(owner, RECEIVED, '?applyStatus=0');
    expect(waiting.data?.rows.map((r) => r.otherUserName).sort()).toEqual(['孙丽', '钱进'].sort());
    expect((await list(owner, RECEIVED, '?applyStatus=1')).data?.rows.map((r) => r.id)).toEqual([ids[0]]);
    expect((await list(owner, RECEIVED, '?applyStatus=2')).data).toEqual({ rows: [], total: 0 });
    expect((await list(owner, RECEIVED, `?connectUserName=${encodeURIComponent('钱')}`)).data?.total).toBe(1);
    expect((await list(owner, RECEIVED, '?connectUserName=%25')).data?.total).toBe(0);

    expect(await list(owner, RECEIVED, '?applyStatus=7')).toEqual({ code: 500, msg: '申请状态不正确' });
    expect(await list(owner, RECEIVED, '?pageSize=1000')).toEqual({ code: 500, msg: '每页条数不正确' });
  });

  it('filter the sent list by the enterprise name', async () => {
    const a = await enterprise(server, '深圳前海金融服务有限公司');
    const b = await enterprise(server, '广州白云物流有限公司');
    const asker = await verifiedPerson(server);
    await apply(asker, await ability(server, a, { name: '应收账款融资' }));
    await apply(asker, await ability(server, b, { name: '城配物流' }));
    const found = await list(asker, SENT, `?connectUserName=${encodeURIComponent('前海')}`);
    expect(found.data?.rows.map((r) => r.otherEnterpriseName)).toEqual(['深圳前海金融服务有限公司']);
  });
});

describe('read marks', () => {
  it('opening a received request marks it read and lowers the to-do count', async () => {
    const owner = await enterprise(server, '无锡微纳电子有限公司');
    const productId = await ability(server, owner, { name: '芯片封测' });
    const request = (await apply(await verifiedPerson(server), productId)).data as CooperationRequest;
    expect(await todo(owner)).toBe(1);
    const read = await owner.client.call<CooperationRequest>('GET', `${RECEIVED}/read/${request.id}`);
    expect(read.data).toMatchObject({ id: request.id, readed: true });
    expect(await todo(owner)).toBe(0);
    expect((await list(owner, RECEIVED)).data?.rows[0]?.readed).toBe(true);
  });
});

describe('agreeing', () => {
  it('makes both parties friends and opens their chat with a notice naming the ability', async () => {
    const owner = await enterprise(server, '常州新材科技有限公司');
    const productId = await ability(server, owner, { name: '碳纤维复合材料' });
    const asker = await verifiedPerson(server, '周航');
    const request = (await apply(asker, productId)).data as CooperationRequest;
    await server.db.query('UPDATE portal_accounts SET nick_name = $2 WHERE user_id = $1', [owner.userId, '李总']);

    const agreed = await owner.client.call<CooperationAnswer>('GET', `${RECEIVED}/agree/${request.id}`);
    expect(agreed).toMatchObject({ code: 200, msg: '已同意合作申请' });
    expect(agreed.data?.conversationID).toBe(`C2C${asker.userId}`);
    expect(agreed.data?.request).toMatchObject({ applyStatus: 1, readed: true, fromReaded: false });
    expect(agreed.data?.request.handledAt).toBeGreaterThan(0);

    const askerChat = await connect(server, asker.userId);
    const ownerChat = await connect(server, owner.userId);
    chats.push(askerChat, ownerChat);
    expect((await askerChat.getFriendList()).data.map((f) => f.userID)).toEqual([owner.userId]);
    expect((await ownerChat.getFriendList()).data.map((f) => f.userID)).toEqual([asker.userId]);
    const history = (await askerChat.getMessageList({ conversationID: `C2C${owner.userId}` })).data.messageList;
    expect(history.map((m) => [m.ID, m.from, m.type])).toEqual([[`coop-${request.id}`, owner.userId, 'TIMCustomElem']]);
    const notice = history[0]?.payload as { data: string; description: string; extension: string };
    expect(JSON.parse(notice.data)).toEqual({
      businessID: 'cooperation',
      version: 1,
      requestId: request.id,
      productId,
      productName: '碳纤维复合材料',
      agreedBy: owner.userId,
      agreedByName: '李总',
    });
    expect(notice.description).toBe(cooperationNoticeDescription('碳纤维复合材料'));
    expect(notice.description).toContain('已同意关于「碳纤维复合材料」的合作申请，现在可以开始沟通');
    const ownerHistory = (await ownerChat.getMessageList({ conversationID: `C2C${asker.userId}` })).data.messageList;
    expect(ownerHistory.map((m) => [m.ID, m.flow])).toEqual([[`coop-${request.id}`, 'out']]);
    const askerConversation = (await askerChat.getConversationList()).data.conversationList.find(
      (c) => c.conversationID === `C2C${owner.userId}`,
    );
    expect(askerConversation?.lastMessage?.messageForShow).toBe(notice.description);
    for (const keyword of ['碳纤维', 'cooperation']) {
      const found = (
        await askerChat.searchCloudMessages({ keywordList: [keyword], conversationID: `C2C${owner.userId}` })
      ).data.searchResultList[0]?.messageList;
      expect(found?.map((m) => m.ID)).toEqual([`coop-${request.id}`]);
    }
    const sent = await list(asker, SENT);
    expect(sent.data?.rows[0]).toMatchObject({ applyStatus: 1, fromReaded: false });
    expect((await asker.client.call('GET', `${SENT}/read/${request.id}`)).data).toMatchObject({ fromReaded: true });
    expect((await list(asker, SENT)).data?.rows[0]?.fromReaded).toBe(true);
  });

  it('a second agree changes nothing and answers the same; refusing after agreeing is refused', async () => {
    const owner = await enterprise(server, '合肥智联装备有限公司');
    const asker = await verifiedPerson(server);
    const request = (await apply(asker, await ability(server, owner, { name: '工业机器人集成' })))
      .data as CooperationRequest;
    const first = await owner.client.call<CooperationAnswer>('GET', `${RECEIVED}/agree/${request.id}`);
    const second = await owner.client.call<CooperationAnswer>('GET', `${RECEIVED}/agree/${request.id}`);
    expect(second).toEqual(first);
    const chat = await connect(server, asker.userId);
    chats.push(chat);
    const history = (await chat.getMessageList({ conversationID: `C2C${owner.userId}` })).data.messageList;
    expect(history).toHaveLength(1);
    expect(await owner.client.call('GET', `${RECEIVED}/refuse/${request.id}`)).toEqual({
      code: 500,
      msg: '该申请已同意，无法拒绝',
    });
  });

  it('sends the notice on a repeated agree when the first agree committed but its notice failed', async () => {
    const owner = await enterprise(server, '宁波海工装备有限公司');
    const asker = await verifiedPerson(server);
    const request = (await apply(asker, await ability(server, owner, { name: '船用钢结构' })))
      .data as CooperationRequest;
    // The database refuses the notice's row: the agree has committed, the send after it fails.
    await server.db.query(`CREATE FUNCTION refuse_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'notice refused for the test'; END $$`);
    await server.db.query(`CREATE TRIGGER refuse_notice BEFORE INSERT ON messages
      FOR EACH ROW WHEN (NEW.id = 'coop-${request.id}') EXECUTE FUNCTION refuse_notice()`);
    try {
      expect(await owner.client.call('GET', `${RECEIVED}/agree/${request.id}`)).toEqual({
        code: 500,
        msg: '系统未知错误，请反馈给管理员',
      });
    } finally {
      await server.db.query('DROP TRIGGER refuse_notice ON messages');
      await server.db.query('DROP FUNCTION refuse_notice()');
    }
    expect((await list(asker, SENT)).data?.rows[0]?.applyStatus).toBe(1);
    const notices = () =>
      server.db.query('SELECT seq FROM messages WHERE id = $1', [`coop-${request.id}`]).then((rows) => rows.length);
    expect(await notices()).toBe(0);

    expect((await owner.client.call('GET', `${RECEIVED}/agree/${request.id}`)).code).toBe(200);
    expect((await owner.client.call('GET', `${RECEIVED}/agree/${request.id}`)).code).toBe(200);
    expect(await notices()).toBe(1);
    const chat = await connect(server, asker.userId);
    chats.push(chat);
    const history = (await chat.getMessageList({ conversationID: `C2C${owner.userId}` })).data.messageList;
    expect(history.map((m) => m.ID)).toEqual([`coop-${request.id}`]);
    expect((await chat.getFriendList()).data.map((f) => f.userID)).toEqual([owner.userId]);
  });

  it('refusing twice answers the same; agreeing after refusing is refused and opens no chat', async () => {
    const owner = await enterprise(server, '南京长江航运有限公司');
    const asker = await verifiedPerson(server);
    const request = (await apply(asker, await ability(server, owner, { name: '内河航运' }))).data as CooperationRequest;
    const first = await owner.client.call<CooperationAnswer>('GET', `${RECEIVED}/refuse/${request.id}`);
    expect(first).toMatchObject({ code: 200, msg: '已拒绝合作申请', data: { request: { applyStatus: 2 } } });
    expect(await owner.client.call('GET', `${RECEIVED}/refuse/${request.id}`)).toEqual(first);
    expect(await owner.client.call('GET', `${RECEIVED}/agree/${request.id}`)).toEqual({
      code: 500,
      msg: '该申请已拒绝，无法同意',
    });
    const [friends] = await server.db.query<{ n: unknown }>(
      'SELECT count(*) AS n FROM friends WHERE user_id = $1 OR friend_id = $1',
      [asker.userId],
    );
    expect(Number(friends?.n)).toBe(0);
  });
});

describe('who may touch a request (IDOR)', () => {
  it('another enterprise, the requester, a sub-account and a visitor cannot read, agree or refuse it', async () => {
    const owner = await enterprise(server, '厦门海峡电商有限公司');
    const asker = await verifiedPerson(server);
    const request = (await apply(asker, await ability(server, owner, { name: '跨境电商代运营' })))
      .data as CooperationRequest;
    const other = await enterprise(server, '福州闽江贸易有限公司');
    const sub = await subAccount(server, owner);
    const visitor = new PortalClient(server);

    for (const action of ['read', 'agree', 'refuse']) {
      const url = `${RECEIVED}/${action}/${request.id}`;
      expect(await other.client.call('GET', url)).toEqual(notFound);
      expect(await asker.client.call('GET', url)).toEqual(forbidden);
      expect(await sub.client.call('GET', url)).toEqual(forbidden);
      expect(await visitor.call('GET', url)).toEqual(unauthorized);
    }
    expect(await other.client.call('GET', `${SENT}/read/${request.id}`)).toEqual(notFound);
    expect(await owner.client.call('GET', `${SENT}/read/${request.id}`)).toEqual(notFound);
    expect((await list(other, RECEIVED)).data).toEqual({ rows: [], total: 0 });
    expect(await sub.client.call('GET', RECEIVED)).toEqual(forbidden);
    expect(await visitor.call('GET', RECEIVED)).toEqual(unauthorized);
    expect(await visitor.call('GET', SENT)).toEqual(unauthorized);
    expect(await todo(sub)).toBe(0);

    const unchanged = (await list(owner, RECEIVED)).data?.rows[0];
    expect(unchanged).toMatchObject({ applyStatus: 0, readed: false });
  });
});

describe('contacting an enterprise', () => {
  it('records the contact, answers the conversation to open, and has/connect turns true', async () => {
    const owner = await enterprise(server, '青岛港联物流有限公司');
    const productId = await ability(server, owner, { name: '冷链仓储' });
    const user = await verifiedPerson(server);
    const hasConnect = () => user.client.call('GET', `/portal/supply/chain/has/connect/${owner.userId}`);
    expect((await hasConnect()).data).toBe(false);
    const answer = await user.client.call('POST', '/portal/supply/chain/apply/cooperation/connect', { productId });
    expect(answer.data).toEqual({ userID: owner.userId, conversationID: `C2C${owner.userId}` });
    expect((await hasConnect()).data).toBe(true);
    expect(
      (await user.client.call('POST', '/portal/supply/chain/apply/cooperation/connect', { userId: owner.userId })).data,
    ).toEqual({ userID: owner.userId, conversationID: `C2C${owner.userId}` });
  });

  it('is refused for unverified users, unknown enterprises, one’s own, and without a target', async () => {
    const owner = await enterprise(server, '烟台蓝海食品有限公司');
    const url = '/portal/supply/chain/apply/cooperation/connect';
    const unverified = await registered(server);
    expect(await unverified.client.call('POST', url, { userId: owner.userId })).toEqual({
      code: 500,
      msg: '请先完成实名认证',
    });
    const user = await verifiedPerson(server);
    expect(await user.client.call('POST', url, { userId: unverified.userId })).toEqual(notFound);
    expect(await user.client.call('POST', url, {})).toEqual({ code: 500, msg: '请指定要联系的企业' });
    expect(await owner.client.call('POST', url, { userId: owner.userId })).toEqual({
      code: 500,
      msg: '不能联系本企业',
    });
    expect(await new PortalClient(server).call('POST', url, { userId: owner.userId })).toEqual(unauthorized);
  });
});
