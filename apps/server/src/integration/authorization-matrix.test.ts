import { ErrorCode, ops } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { setAdmin } from '../portal/admins';
import { creditCodeCheckChar, idCardCheckDigit } from '../portal/identity';
import { freshMobile, PortalClient } from '../portal/test-client';
import { approveEnterprise, makeSubAccount } from '../portal/test-people';
import { restCommands } from '../rest-api/command-table';
import { IM_ROLES, type ImRole, type ImRow, imRows, type Subject } from './authorization/im-rows';
import { REST_API_AUTH_CODES, REST_API_CALLERS } from './authorization/rest-api-rows';
import { REST_ROLES, type RestRole, type RestWorld, restRows } from './authorization/rest-rows';
import { FuzzSocket } from './fuzz/fuzz-socket';
import { startServer, userSigFor } from './harness';
import { snapshot, snapshotAll } from './state-snapshot';

/**
 * Every cell of the authorisation tables (authorization/im-rows.ts, authorization/rest-rows.ts)
 * checked against a real server: raw IM frames from each kind of caller, portal routes over
 * HTTP. A refusal carries the declared code and changes nothing stored.
 */
let server: LiaisonServer;
const PASSWORD = 'Matrix123';

beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: true });
  await setUpPortal();
  await setUpIm();
});
afterAll(async () => {
  for (const socket of Object.values(sockets)) socket.close();
  await server?.close();
});

describe('the tables cover everything the server exposes', () => {
  it('has a row for every IM op', () => {
    const covered = new Set(imRows.map((row) => row.op));
    expect(Object.keys(ops).filter((op) => !covered.has(op as ImRow['op']))).toEqual([]);
  });

  it('has a row for every /prod-api route, and every row names a registered route', () => {
    const registered = server.routes
      .filter((r) => r.url.startsWith('/prod-api/') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    const covered = new Set(restRows.map((row) => row.route));
    expect(
      registered.filter((route) => !covered.has(route)),
      'routes without a row in rest-rows.ts',
    ).toEqual([]);
    expect(
      [...covered].filter((route) => !registered.includes(route)),
      'rows for no route',
    ).toEqual([]);
  });
});

// ---- IM ----

const imUsers: Record<Exclude<ImRole, 'visitor'>, string> = {
  otherUser: 'az-other',
  nonMember: 'az-nonmember',
  member: 'az-member',
  admin: 'az-admin',
  owner: 'az-owner',
  platformAdmin: '',
};
const sockets = {} as Record<Exclude<ImRole, 'visitor'>, FuzzSocket>;
let visitors = 0;

async function setUpIm(): Promise<void> {
  for (const role of IM_ROLES) {
    if (role === 'visitor') continue;
    sockets[role] = await FuzzSocket.open(server);
    expect((await sockets[role].login(server, imUsers[role])).ok).toBe(true);
  }
  // nonMember knows member: they share a one-to-one chat.
  const hello = await sockets.nonMember.request('sendMessage', {
    ID: 'az-hello',
    conversationType: 'C2C',
    to: imUsers.member,
    type: 'TIMTextElem',
    payload: { text: 'hello' },
    clientTime: 1,
    random: 1,
  });
  expect(hello.ok).toBe(true);
}

/** A fresh group G: owner, an Admin and a member, one message. */
async function freshGroup(
  type: NonNullable<ImRow['groupType']>,
): Promise<{ groupID: string; messageID: string; recordKey: string }> {
  const created = await sockets.owner.request('createGroup', {
    type,
    name: 'G',
    ...(type === 'Public' ? { joinOption: 'FreeAccess' } : {}),
    memberList: [{ userID: imUsers.admin }, { userID: imUsers.member }],
  });
  if (!created.ok) throw new Error(`could not create G: ${JSON.stringify(created.error)}`);
  const groupID = (created.data as { group: { groupID: string } }).group.groupID;
  // The Admin role set in storage: who may set it is group-admin-matrix.test.ts's to check.
  await server.db.query(`UPDATE group_members SET role = 'Admin' WHERE group_id = $1 AND user_id = $2`, [
    groupID,
    imUsers.admin,
  ]);
  const messageID = `az-g-${groupID}`;
  const sent = await sockets.owner.request('sendMessage', {
    ID: messageID,
    conversationType: 'GROUP',
    to: groupID,
    type: 'TIMTextElem',
    payload: { text: 'in G' },
    clientTime: 1,
    random: 1,
  });
  expect(sent.ok).toBe(true);
  // A merged record of that message, sent in G by the admin (the owner's send rate is spent on
  // the messages above): G's members may download it.
  const merged = await sockets.admin.request('sendMessage', {
    ID: `${messageID}-record`,
    conversationType: 'GROUP',
    to: groupID,
    type: 'TIMRelayElem',
    payload: {
      title: 'G',
      abstractList: [],
      compatibleText: 'G',
      messageList: [{ conversationID: `GROUP${groupID}`, ID: messageID }],
    },
    clientTime: 1,
    random: 1,
  });
  if (!merged.ok) throw new Error(`could not send a record to G: ${JSON.stringify(merged.error)}`);
  const recordKey = (merged.data as { message: { payload: { downloadKey: string } } }).message.payload.downloadKey;
  return { groupID, messageID, recordKey };
}

describe('IM ops: who may call them', () => {
  for (const row of imRows) {
    const title = `${row.op}${row.case ? ` (${row.case})` : ''}: ${summary(row.cells)}`;
    it(title, async () => {
      // A refusal is checked to change nothing stored, so the next caller may meet the same G;
      // only after an allowed call does the next one get a fresh G.
      let group: Awaited<ReturnType<typeof freshGroup>> | undefined;
      for (const role of IM_ROLES) {
        group ??= await freshGroup(row.groupType ?? 'Public');
        const { groupID, messageID, recordKey } = group;
        const self = role === 'visitor' ? `az-visitor-${++visitors}` : imUsers[role];
        const subject: Subject = {
          self,
          peer: role === 'member' ? imUsers.owner : imUsers.member,
          groupID,
          groupMessageID: messageID,
          groupRecordKey: recordKey,
          userSig: userSigFor(server, self),
          sdkAppID: server.app.sdkAppID,
        };
        const socket = role === 'visitor' ? await FuzzSocket.open(server) : sockets[role];
        const before = await snapshot(server.db);
        const answer = await socket.request(row.op, row.body(subject));
        const expected = row.cells[role];
        const cell = `${role} → ${row.op}${row.case ? ` (${row.case})` : ''}`;
        if (expected === 'allow') {
          group = undefined;
          expect(answer.ok ? 'allow' : answer.error, cell).toBe('allow');
          if (answer.ok) await row.afterAllowed?.(answer.data, (op, body) => socket.request(op, body));
        } else {
          expect(answer.ok ? 'allow' : answer.error.code, cell).toBe(expected);
          expect(await snapshot(server.db), `${cell}: refused, yet stored state changed`).toEqual(before);
        }
        if (role === 'visitor') socket.close();
        else await stayLoggedIn(role);
      }
    });
  }
});

/** An allowed logout ends the session: log that caller in again for the next cell. */
async function stayLoggedIn(role: Exclude<ImRole, 'visitor'>): Promise<void> {
  const alive = await sockets[role].request('heartbeat', {});
  if (!alive.ok && alive.error.code === ErrorCode.NOT_LOGGED_IN) await sockets[role].login(server, imUsers[role]);
}

// ---- REST ----

const callers = {} as Record<RestRole, PortalClient>;
const mobiles = new Map<PortalClient, string>();
let world: RestWorld;
let idCards = 0;
let applicants = 0;

async function register(): Promise<PortalClient> {
  const client = new PortalClient(server);
  const mobile = freshMobile();
  expect((await client.register(mobile, PASSWORD)).code).toBe(200);
  mobiles.set(client, mobile);
  return client;
}

async function setUpPortal(): Promise<void> {
  callers.visitor = new PortalClient(server);
  callers.owner = await register();
  callers.otherUser = await register();
  callers.enterprise = await register();
  const enterpriseId = await approveEnterprise(server, callers.enterprise);
  callers.subAccount = await register();
  await makeSubAccount(server, callers.subAccount, enterpriseId);
  callers.platformAdmin = await register();
  await setAdmin(server.db, mobiles.get(callers.platformAdmin) ?? '', true);
  const info = await callers.platformAdmin.call<{ userId: string }>('GET', '/portal/self/center/info');
  imUsers.platformAdmin = info.data?.userId ?? '';
  const loginAccount = { mobile: freshMobile(), password: PASSWORD };
  expect((await new PortalClient(server).register(loginAccount.mobile, PASSWORD)).code).toBe(200);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const realName = (caller: PortalClient) =>
    caller.call('POST', '/portal/self/center/personal/real/name/auth', {
      realName: '测试用户',
      idCard: idCard(++idCards),
    });
  world = {
    ownerDocument: (await callers.owner.upload('licence.pdf', pdf, 'private')).fileName ?? '',
    ownerImage: (await callers.owner.upload('avatar.png', png)).fileName ?? '',
    captcha: () => new PortalClient(server).captcha(),
    account: loginAccount,
    freshMobile,
    pdf,
    realName,
    async secondSession(caller) {
      const mobile = mobiles.get(caller);
      const second = new PortalClient(server);
      if (mobile) expect((await second.login(mobile, PASSWORD)).code).toBe(200);
      return second;
    },
    async applicant(kind) {
      const applicant = await register();
      const userId = (await applicant.call<{ userId: string }>('GET', '/portal/self/center/info')).data?.userId ?? '';
      if (kind === 'beta') {
        expect((await applicant.call('GET', '/portal/supply/chain/apply/beta')).code).toBe(200);
        return userId;
      }
      expect((await realName(applicant)).code).toBe(200);
      const licence = await applicant.upload('licence.pdf', pdf);
      const submitted = await applicant.call('POST', '/portal/supply/chain/upload/auth/data', {
        // Each its own enterprise: once one is approved, its name and code are taken.
        enterpriseName: `待审企业${++applicants}`,
        creditCode: `91330100MA27X${String(applicants).padStart(4, '0')}${creditCodeCheckChar(`91330100MA27X${String(applicants).padStart(4, '0')}`)}`,
        legalPerson: '李四',
        contactPhone: '13800000000',
        address: '杭州市',
        businessLicense: licence.fileName ?? '',
      });
      expect(submitted.code).toBe(200);
      return userId;
    },
  };
}

/** A valid mainland ID number, different for every n. */
function idCard(n: number): string {
  const first17 = `1101011990${String(1 + (n % 12)).padStart(2, '0')}${String(1 + (n % 28)).padStart(2, '0')}${String(n).padStart(3, '0').slice(-3)}`;
  return first17 + idCardCheckDigit(first17);
}

describe('portal routes: who may call them', () => {
  for (const row of restRows) {
    it(`${row.route}${row.case ? ` (${row.case})` : ''}: ${summary(row.cells)}`, async () => {
      for (const role of REST_ROLES) {
        const prepared = (await row.prepare?.(world, callers[role])) ?? '';
        const before = await snapshotAll(server.db);
        const answer = await row.call(callers[role], world, prepared);
        const expected = row.cells[role];
        const cell = `${role} → ${row.route}${row.case ? ` (${row.case})` : ''}: ${JSON.stringify(answer)}`;
        expect(answer.code === 200 ? 'allow' : answer.code, cell).toBe(expected);
        if (expected !== 'allow') {
          expect(await snapshotAll(server.db), `${cell}: refused, yet stored state changed`).toEqual(before);
        }
      }
    });
  }
});

/** "owner, admin allowed; visitor 60005; …" for a test's name. */
function summary(cells: Record<string, unknown>): string {
  const allowed = Object.keys(cells).filter((role) => cells[role] === 'allow');
  const refused = Object.entries(cells).filter(([, v]) => v !== 'allow');
  const parts = [`${allowed.length ? allowed.join(', ') : 'nobody'} may`];
  if (refused.length) parts.push(`refused: ${refused.map(([role, code]) => `${role} ${String(code)}`).join(', ')}`);
  return parts.join('; ');
}

// ---- Server REST API ----

describe('server REST API commands: who may call them', () => {
  it('lets an administrator past every command and refuses every other caller with Tencent’s code, changing nothing', async () => {
    const commands = Object.keys(restCommands);
    expect(commands.length).toBeGreaterThan(0);
    for (const { caller, expect: expected, client } of REST_API_CALLERS) {
      const rest = client(server);
      for (const command of commands) {
        const before = await snapshotAll(server.db);
        const answer = await rest.call(command, {});
        const label = `${caller}: ${command} answered ${JSON.stringify(answer)}`;
        if (expected === 'allow') {
          expect(REST_API_AUTH_CODES.has(answer.ErrorCode), label).toBe(false);
          continue;
        }
        expect(answer, label).toMatchObject({ ActionStatus: 'FAIL', ErrorCode: expected });
        expect(await snapshotAll(server.db), label).toEqual(before);
      }
    }
  });
});
