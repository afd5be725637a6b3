import LiaisonChat from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { idCardCheckDigit } from '../identity';
import { freshMobile, PortalClient } from '../test-client';

/** The self centre: person info, permissions, to-dos, IM credentials and real-name verification. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
});
afterAll(() => server.close());

const idCard = (first17: string) => first17 + idCardCheckDigit(first17);

async function newUser(): Promise<PortalClient> {
  const client = new PortalClient(server);
  expect((await client.register(freshMobile(), 'Secret123')).code).toBe(200);
  return client;
}

describe('person info and permissions', () => {
  it('describe a new account as registered, unverified and not in the beta', async () => {
    const client = await newUser();
    const { data } = await client.call('GET', '/portal/self/center/info');
    expect(data).toMatchObject({
      userType: 0,
      status: 0,
      realPersonAuthStatus: 0,
      realName: '',
      betaStatus: null,
      aiStatus: false,
      enterprise: null,
    });
    expect(await client.call('GET', '/portal/self/center/get/permission')).toEqual({
      code: 200,
      msg: '操作成功',
      data: { roles: ['common'], permissions: ['self:vip:charge', 'self:points:sign'] },
    });
  });

  it('count unread cooperation requests addressed to the user as to-dos', async () => {
    const client = await newUser();
    const todo = () => client.call<{ connectMeCount: number }>('GET', '/portal/self/center/personal/todo');
    expect((await todo()).data).toEqual({ connectMeCount: 0 });
    const me = (await client.call<{ userId: string }>('GET', '/portal/self/center/info')).data?.userId;
    for (const [id, readed] of [
      ['a', false],
      ['b', false],
      ['c', true],
    ] as const) {
      await server.db.query(
        `INSERT INTO portal_cooperation_requests (to_user, id, from_user, subject, message, readed, created_at)
         VALUES ($1, $2, 'someone', '合作', '你好', $3, 0)`,
        [me, id, readed],
      );
    }
    expect((await todo()).data).toEqual({ connectMeCount: 2 });
  });
});

describe('real-name verification', () => {
  it('checks the name, the form and the check digit, and changes nothing when refused', async () => {
    const client = await newUser();
    const auth = (realName: string, idCard: string) =>
      client.call('POST', '/portal/self/center/personal/real/name/auth', { realName, idCard });
    const good = idCard('11010519900307001');
    expect(await auth('张', good)).toEqual({ code: 500, msg: '请输入正确的真实姓名' });
    expect(await auth('<b>x</b>', good)).toEqual({ code: 500, msg: '请输入正确的真实姓名' });
    expect(await auth('张三', '12345')).toEqual({ code: 500, msg: '身份证号码格式不正确' });
    expect(await auth('张三', '110105199002300011')).toEqual({ code: 500, msg: '身份证号码格式不正确' });
    const wrongDigit = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    expect(await auth('张三', wrongDigit)).toEqual({ code: 500, msg: '身份证号码校验位不正确' });
    expect((await client.call('GET', '/portal/self/center/info')).data).toMatchObject({ realPersonAuthStatus: 0 });

    expect(await auth('张三', good)).toEqual({ code: 200, msg: '实名认证成功' });
    expect((await client.call('GET', '/portal/self/center/info')).data).toMatchObject({
      realPersonAuthStatus: 1,
      userType: 1,
      realName: '张*',
    });
    expect(await auth('张三', good)).toEqual({ code: 500, msg: '您已完成实名认证' });
    const other = await newUser();
    expect(
      await other.call('POST', '/portal/self/center/personal/real/name/auth', { realName: '李四', idCard: good }),
    ).toEqual({ code: 500, msg: '该身份证号已被其他账号认证' });
  });
});

describe('IM credentials', () => {
  it('are withheld until real-name verification, then log the SDK in', async () => {
    const client = await newUser();
    const creds = () =>
      client.call<{ canConnect: boolean; sdkAppID: number; userID: string; userSig: string }>(
        'GET',
        '/portal/self/center/im/gen/userSig',
      );
    const before = (await creds()).data;
    expect(before).toMatchObject({ canConnect: false, userSig: '', sdkAppID: server.app.sdkAppID });

    await client.call('POST', '/portal/self/center/personal/real/name/auth', {
      realName: '王五',
      idCard: idCard('44030119880808002'),
    });
    const after = (await creds()).data;
    expect(after?.canConnect).toBe(true);
    const chat = LiaisonChat.create({ SDKAppID: after?.sdkAppID ?? 0, server: server.url });
    try {
      await chat.login({ userID: after?.userID ?? '', userSig: after?.userSig ?? '' });
      const profile = await chat.getMyProfile();
      expect(profile.data.userID).toBe(after?.userID);
      expect(profile.data.nick).toMatch(/^用户\d{4}$/);
    } finally {
      await chat.logout();
    }
  });

  it('need a login', async () => {
    expect(await new PortalClient(server).call('GET', '/portal/self/center/im/gen/userSig')).toEqual({
      code: 401,
      msg: '认证失败，无法访问系统资源',
    });
  });
});
