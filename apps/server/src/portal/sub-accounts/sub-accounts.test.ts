import { CLOSE_PORTAL_LOGOUT, type SubAccount, type SubAccountAbility } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { RawClient, startServer } from '../../integration/harness';
import { PortalClient } from '../test-client';
import { ability, enterprise, freshLoginName, registered, userIdOf } from '../test-people';

/** Sub-accounts: an enterprise's own logins, limited to the abilities it grants them. */
let server: LiaisonServer;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
});
afterAll(() => server.close());

const SUB_PASSWORD = 'Ops2026ok';
const NOT_FOUND = { code: 404, msg: '访问资源不存在' };
const FORBIDDEN = { code: 403, msg: '当前操作没有权限' };
const UNAUTHORIZED = { code: 401, msg: '认证失败，无法访问系统资源' };

async function createSub(
  parent: PortalClient,
  fields: { loginName?: string; nick?: string; password?: string; abilityIds?: string[] } = {},
) {
  const loginName = fields.loginName ?? freshLoginName();
  const answer = await parent.call<{ id: string }>('POST', '/portal/supply/chain/sub/account', {
    loginName,
    nick: fields.nick ?? '运营专员',
    password: await parent.encrypt(fields.password ?? SUB_PASSWORD),
    abilityIds: fields.abilityIds ?? [],
  });
  return { answer, loginName, id: answer.data?.id ?? '' };
}

async function loggedInSub(loginName: string): Promise<PortalClient> {
  const client = new PortalClient(server);
  expect((await client.login(loginName, SUB_PASSWORD)).code).toBe(200);
  return client;
}

async function list(parent: PortalClient, query = '') {
  return parent.call<{ rows: SubAccount[]; total: number }>('GET', `/portal/supply/chain/sub/account/list${query}`);
}

describe('a sub-account', () => {
  it('logs in with its own password, sees only the ability it was granted and chats as itself', async () => {
    const parent = (await enterprise(server)).client;
    const parentID = await userIdOf(parent);
    const granted = await ability(server, { userId: parentID }, { name: '精密CNC加工' });
    const other = await ability(server, { userId: parentID }, { name: '钣金折弯' });
    const { answer, loginName, id } = await createSub(parent, { abilityIds: [granted] });
    expect(answer).toEqual({ code: 200, msg: '新增成功', data: { id } });

    expect((await list(parent)).data).toEqual({
      total: 1,
      rows: [
        { id, loginName, nick: '运营专员', disabled: false, abilityIds: [granted], createdAt: expect.any(Number) },
      ],
    });
    const abilities = await parent.call<SubAccountAbility[]>(
      'GET',
      `/portal/supply/chain/sub/account/permission/abilities?subAccountId=${id}`,
    );
    expect(abilities.data?.map(({ id: abilityID, granted: isGranted }) => [abilityID, isGranted])).toEqual(
      expect.arrayContaining([
        [granted, true],
        [other, false],
      ]),
    );

    const sub = await loggedInSub(loginName);
    expect((await sub.call('GET', '/portal/self/center/get/permission')).data).toEqual({
      roles: ['subaccount', 'common'],
      permissions: ['supply:product:list', 'supply:product:edit'],
    });
    const page = await sub.call<{ rows: Array<{ id: string }>; total: number }>(
      'GET',
      '/portal/supply/chain/product/personal/page?pageNum=1&pageSize=10',
    );
    expect(page.data?.rows.map((row) => row.id)).toEqual([granted]);
    const sig = await sub.call<{ userID: string; userSig: string }>('GET', '/portal/self/center/im/gen/userSig');
    expect(sig.data?.userID).toBe(id);
    expect(sig.data?.userSig).not.toBe('');
  });

  it('is refused sub-account management, VIP and the company page', async () => {
    const parent = (await enterprise(server)).client;
    const { loginName, id } = await createSub(parent);
    const sub = await loggedInSub(loginName);
    const base = '/portal/supply/chain/sub/account';
    expect(await sub.call('GET', `${base}/list`)).toEqual(FORBIDDEN);
    expect(await sub.call('GET', `${base}/permission/abilities?subAccountId=${id}`)).toEqual(FORBIDDEN);
    expect(await sub.call('POST', base, { loginName: freshLoginName(), nick: '新', password: 'x' })).toEqual(FORBIDDEN);
    expect(await sub.call('POST', `${base}/update`, { id, nick: '改名', abilityIds: [], disabled: false })).toEqual(
      FORBIDDEN,
    );
    expect(await sub.call('POST', `${base}/delete`, { id })).toEqual(FORBIDDEN);
    expect(await sub.call('GET', '/portal/self/center/vip/info')).toEqual(FORBIDDEN);
    expect(await sub.call('GET', '/portal/self/center/integral/charge/vip/1')).toEqual(FORBIDDEN);
    expect(await sub.call('GET', '/portal/supply/chain/main/page')).toEqual(FORBIDDEN);
    expect((await list(parent)).data?.rows[0]).toMatchObject({ id, nick: '运营专员', disabled: false });
  });

  it('disabled by its parent, loses its token and IM connection at once and cannot log in', async () => {
    const parent = (await enterprise(server)).client;
    const { loginName, id } = await createSub(parent);
    const sub = await loggedInSub(loginName);
    const sig = await sub.call<{ sdkAppID: number; userID: string; userSig: string }>(
      'GET',
      '/portal/self/center/im/gen/userSig',
    );
    const raw = await RawClient.open(server);
    const closed = new Promise<number>((resolve) => raw.socket.once('close', (code) => resolve(code)));
    const login = { SDKAppID: sig.data?.sdkAppID, userID: sig.data?.userID, userSig: sig.data?.userSig };
    expect((await raw.request('login', login)).ok).toBe(true);

    const update = (disabled: boolean) =>
      parent.call('POST', '/portal/supply/chain/sub/account/update', {
        id,
        nick: '运营专员',
        abilityIds: [],
        disabled,
      });
    expect(await update(true)).toEqual({ code: 200, msg: '修改成功' });
    expect(await sub.call('GET', '/portal/self/center/get/permission')).toEqual(UNAUTHORIZED);
    expect(await closed).toBe(CLOSE_PORTAL_LOGOUT);
    const again = new PortalClient(server);
    expect(await again.login(loginName, SUB_PASSWORD)).toEqual({ code: 500, msg: '该账号已被停用，请联系企业管理员' });
    // A wrong password learns nothing about the account.
    expect(await again.login(loginName, 'Wrong12345')).toEqual({ code: 500, msg: '用户名或密码错误' });
    expect((await list(parent)).data?.rows[0]?.disabled).toBe(true);

    expect((await update(false)).code).toBe(200);
    expect((await again.login(loginName, SUB_PASSWORD)).code).toBe(200);
  });

  it('deleted by its parent, loses its token and its login', async () => {
    const parent = (await enterprise(server)).client;
    const { loginName, id } = await createSub(parent);
    const sub = await loggedInSub(loginName);
    expect(await parent.call('POST', '/portal/supply/chain/sub/account/delete', { id })).toEqual({
      code: 200,
      msg: '删除成功',
    });
    expect(await sub.call('GET', '/portal/self/center/info')).toEqual(UNAUTHORIZED);
    expect(await new PortalClient(server).login(loginName, SUB_PASSWORD)).toEqual({
      code: 500,
      msg: '用户名或密码错误',
    });
    expect((await list(parent)).data).toEqual({ rows: [], total: 0 });
  });

  it('takes a new password, which ends the sessions of the old one', async () => {
    const parent = (await enterprise(server)).client;
    const { loginName, id } = await createSub(parent);
    const sub = await loggedInSub(loginName);
    const changed = await parent.call('POST', '/portal/supply/chain/sub/account/update', {
      id,
      nick: '运营主管',
      password: await parent.encrypt('Newpass2026'),
      abilityIds: [],
      disabled: false,
    });
    expect(changed.code).toBe(200);
    expect(await sub.call('GET', '/portal/self/center/info')).toEqual(UNAUTHORIZED);
    expect((await new PortalClient(server).login(loginName, 'Newpass2026')).code).toBe(200);
    expect((await list(parent)).data?.rows[0]?.nick).toBe('运营主管');
  });
});

describe('a sub-account acts for its enterprise', () => {
  it('carries its enterprise’s verification and beta in the user info and may use the AI assistant', async () => {
    const parent = await enterprise(server, '苏州子账号测试精工有限公司');
    await server.db.query('UPDATE portal_accounts SET beta_status = true WHERE user_id = $1', [parent.userId]);
    const { loginName, id } = await createSub(parent.client);
    const sub = await loggedInSub(loginName);
    expect((await sub.call('GET', '/portal/self/center/info')).data).toMatchObject({
      userId: id,
      accountKind: 'subaccount',
      enterpriseName: '苏州子账号测试精工有限公司',
      userType: 2,
      status: 1,
      realPersonAuthStatus: 1,
      betaStatus: true,
      enterprise: null,
    });
    expect((await sub.call<{ allowed: boolean }>('GET', '/portal/ai/status')).data?.allowed).toBe(true);
    // Its enterprise's beta, not one of its own: the parent's state is what it reads.
    await server.db.query('UPDATE portal_accounts SET beta_status = false WHERE user_id = $1', [parent.userId]);
    expect((await sub.call('GET', '/portal/self/center/info')).data).toMatchObject({ betaStatus: false });
    expect((await sub.call<{ allowed: boolean }>('GET', '/portal/ai/status')).data?.allowed).toBe(false);
  });

  it('is refused a real-name, enterprise or beta application of its own, and nothing changes', async () => {
    const parent = await enterprise(server);
    const { loginName, id } = await createSub(parent.client);
    const sub = await loggedInSub(loginName);
    const before = await accountState(id);
    const refused = { code: 403, msg: '子账号随所属企业认证，无需单独认证' };
    expect(
      await sub.call('POST', '/portal/self/center/personal/real/name/auth', {
        realName: '赵六',
        idCard: '110101199003070011',
      }),
    ).toEqual(refused);
    const licence = await sub.upload('licence.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    // The probe's material: the parent's own credit code, under the sub-account.
    const material = {
      enterpriseName: '子账号冒名企业有限公司',
      creditCode: '91320500MA1XK7Q2BX',
      legalPerson: '赵六',
      contactPhone: '0512-66668888',
      address: '江苏省苏州市',
      businessLicense: licence.fileName as string,
    };
    expect(await sub.call('POST', '/portal/supply/chain/upload/auth/data', material)).toEqual(refused);
    expect(await sub.call('POST', '/portal/supply/chain/edit/auth/data', material)).toEqual(refused);
    expect(await sub.call('GET', '/portal/supply/chain/apply/beta')).toEqual({
      code: 403,
      msg: '子账号随所属企业开通内测，无需单独申请',
    });
    expect(await accountState(id)).toEqual(before);
  });
});

async function accountState(userId: string) {
  const [account] = await server.db.query(
    'SELECT user_type, real_person_auth_status, real_name, beta_status FROM portal_accounts WHERE user_id = $1',
    [userId],
  );
  const material = await server.db.query('SELECT 1 FROM portal_enterprise_auth WHERE user_id = $1', [userId]);
  return { account, material: material.length };
}

describe('creating and listing sub-accounts', () => {
  it('refuses a login name already taken, in any case, by any account', async () => {
    const parent = (await enterprise(server)).client;
    const { loginName } = await createSub(parent);
    const taken = { code: 500, msg: '登录账号已存在' };
    expect((await createSub(parent, { loginName })).answer).toEqual(taken);
    expect((await createSub((await enterprise(server)).client, { loginName: loginName.toUpperCase() })).answer).toEqual(
      taken,
    );
    expect((await list(parent)).data?.total).toBe(1);
  });

  it('validates every field with the form messages', async () => {
    const parent = (await enterprise(server)).client;
    const refusal = async (fields: Parameters<typeof createSub>[1]) => (await createSub(parent, fields)).answer;
    const badName = { code: 500, msg: '登录账号为4-20位字母、数字或下划线，且以字母开头' };
    expect(await refusal({ loginName: 'abc' })).toEqual(badName);
    expect(await refusal({ loginName: '13800000001' })).toEqual(badName);
    expect(await refusal({ loginName: 'a'.repeat(21) })).toEqual(badName);
    expect(await refusal({ loginName: 'ops-team' })).toEqual(badName);
    expect(await refusal({ nick: '  ' })).toEqual({ code: 500, msg: '请输入子账号名称' });
    expect(await refusal({ nick: '名'.repeat(21) })).toEqual({ code: 500, msg: '子账号名称不能超过20个字符' });
    expect(await refusal({ password: 'short1' })).toEqual({
      code: 500,
      msg: '密码长度为8-20位，且须同时包含字母和数字',
    });
    expect(await refusal({ password: 'onlyletters' })).toEqual({
      code: 500,
      msg: '密码长度为8-20位，且须同时包含字母和数字',
    });
    expect(
      await parent.call('POST', '/portal/supply/chain/sub/account', {
        loginName: freshLoginName(),
        nick: '运营',
        password: 'not-sealed!',
      }),
    ).toEqual({ code: 500, msg: '请求参数解密失败' });
    expect(await list(parent, '?pageSize=0')).toEqual({ code: 500, msg: '每页条数不正确' });
    expect((await list(parent)).data?.total).toBe(0);
  });

  it('pages and filters by login name and nickname', async () => {
    const parent = (await enterprise(server)).client;
    const made = [];
    for (const nick of ['仓储一组', '仓储二组', '销售']) made.push(await createSub(parent, { nick }));
    const first = await list(parent, '?pageNum=1&pageSize=2');
    expect(first.data?.total).toBe(3);
    expect(first.data?.rows).toHaveLength(2);
    const second = await list(parent, '?pageNum=2&pageSize=2');
    expect(second.data?.rows).toHaveLength(1);
    const seen = [...(first.data?.rows ?? []), ...(second.data?.rows ?? [])].map((row) => row.id).sort();
    expect(seen).toEqual(made.map((m) => m.id).sort());
    expect((await list(parent, `?nick=${encodeURIComponent('仓储')}`)).data?.total).toBe(2);
    const byName = await list(parent, `?loginName=${made[2]?.loginName.toUpperCase()}`);
    expect(byName.data?.rows.map((row) => row.nick)).toEqual(['销售']);
  });
});

describe('who may manage sub-accounts (IDOR)', () => {
  it('answers another enterprise, a person and a visitor as if the sub-account did not exist, and changes nothing', async () => {
    const owner = (await enterprise(server)).client;
    const ownerAbility = await ability(server, { userId: await userIdOf(owner) }, { name: '模具设计' });
    const { loginName, id } = await createSub(owner, { abilityIds: [ownerAbility] });
    const rival = (await enterprise(server, '宁波竞争贸易有限公司')).client;
    const base = '/portal/supply/chain/sub/account';
    const update = { id, nick: '被改了', abilityIds: [], disabled: true };

    expect(await rival.call('POST', `${base}/update`, update)).toEqual(NOT_FOUND);
    expect(await rival.call('POST', `${base}/delete`, { id })).toEqual(NOT_FOUND);
    expect(await rival.call('GET', `${base}/permission/abilities?subAccountId=${id}`)).toEqual(NOT_FOUND);
    expect((await list(rival)).data).toEqual({ rows: [], total: 0 });
    // Nor may the rival grant the owner's ability to a sub-account of its own.
    expect((await createSub(rival, { abilityIds: [ownerAbility] })).answer).toEqual(NOT_FOUND);
    expect(await owner.call('POST', `${base}/delete`, { id: 'u000000000000' })).toEqual(NOT_FOUND);

    const person = (await registered(server)).client;
    expect(await person.call('GET', `${base}/list`)).toEqual(FORBIDDEN);
    expect(await person.call('POST', `${base}/update`, update)).toEqual(FORBIDDEN);
    expect(await person.call('POST', `${base}/delete`, { id })).toEqual(FORBIDDEN);

    const visitor = new PortalClient(server);
    expect(await visitor.call('GET', `${base}/list`)).toEqual(UNAUTHORIZED);
    expect(await visitor.call('GET', `${base}/permission/abilities?subAccountId=${id}`)).toEqual(UNAUTHORIZED);
    expect(await visitor.call('POST', `${base}/update`, update)).toEqual(UNAUTHORIZED);
    expect(await visitor.call('POST', `${base}/delete`, { id })).toEqual(UNAUTHORIZED);

    expect((await list(owner)).data?.rows).toEqual([
      expect.objectContaining({ id, nick: '运营专员', disabled: false, abilityIds: [ownerAbility] }),
    ]);
    expect((await new PortalClient(server).login(loginName, SUB_PASSWORD)).code).toBe(200);
  });
});
