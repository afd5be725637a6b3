import { creditCodeCheckChar } from '../../portal/identity';
import { PortalClient } from '../../portal/test-client';

/**
 * Who may call each portal REST route, one row per route (or per case of a route). The suite
 * (authorization-matrix.test.ts) reads the server's route table and fails when a /prod-api
 * route has no row here, so a new route cannot ship without declaring its callers.
 *
 * Columns:
 * - visitor: no token;
 * - owner: an ordinary account acting on its own data (for a download: the uploader);
 * - otherUser: another ordinary account (on a self route it acts on its own data too);
 * - platformAdmin: a portal administrator (role admin).
 * Group roles (member, admin, owner of a group) and muted members have no REST route today;
 * sub-accounts do not exist yet.
 */
export const REST_ROLES = ['visitor', 'owner', 'otherUser', 'platformAdmin'] as const;
export type RestRole = (typeof REST_ROLES)[number];

/** 'allow' (envelope code 200, or the file for a download), or the envelope code of the refusal. */
export type RestExpect = 'allow' | 401 | 403 | 404 | 500;

/** What a row's call may use: fixtures made through the real routes. */
export interface RestWorld {
  /** The stored name (`/profile/upload/…`) of a PDF the owner uploaded privately, as an identity document. */
  ownerDocument: string;
  /** The stored name of an image the owner uploaded as public media. */
  ownerImage: string;
  /** A captcha the caller can answer. */
  captcha(): Promise<{ id: string; answer: string }>;
  /** A fresh account with a beta application, or enterprise material, awaiting review. */
  applicant(kind: 'beta' | 'enterprise'): Promise<string>;
  /** Real-name verifies the caller with a fresh ID number (refused if it already is). */
  realName(caller: PortalClient): Promise<{ code: number }>;
  /** Another session of the caller's account (a client without a token for the visitor). */
  secondSession(caller: PortalClient): Promise<PortalClient>;
  /** A new registered account's mobile and password, for the login routes. */
  account: { mobile: string; password: string };
  freshMobile(): string;
  /** The PDF bytes the world uploads. */
  pdf: Buffer;
}

export interface RestRow {
  /** "METHOD /prod-api/path" exactly as the server registered it. */
  route: string;
  case?: string;
  /** Fixtures made before the state snapshot (e.g. an account awaiting review); passed to call. */
  prepare?(world: RestWorld): Promise<string>;
  call(caller: PortalClient, world: RestWorld, prepared: string): Promise<{ code: number }>;
  cells: Record<RestRole, RestExpect>;
}

const everyone = (): Record<RestRole, RestExpect> => ({
  visitor: 'allow',
  owner: 'allow',
  otherUser: 'allow',
  platformAdmin: 'allow',
});
const accounts = (): Record<RestRole, RestExpect> => ({ ...everyone(), visitor: 401 });
const admins = (): Record<RestRole, RestExpect> => ({
  visitor: 401,
  owner: 403,
  otherUser: 403,
  platformAdmin: 'allow',
});

const get = (url: string) => (caller: PortalClient) => caller.call('GET', url);

export const restRows: RestRow[] = [
  { route: 'GET /prod-api/portal/client/config', call: get('/portal/client/config'), cells: everyone() },
  {
    route: 'GET /prod-api/portal/verify/code/arithmetic',
    call: get('/portal/verify/code/arithmetic'),
    cells: everyone(),
  },
  {
    route: 'POST /prod-api/portal/login/send/sms/code',
    call: async (caller, world) => {
      const { id, answer } = await world.captcha();
      return caller.call('POST', '/portal/login/send/sms/code', {
        mobileNumber: world.freshMobile(),
        verifyCode: answer,
        verifyCodeId: id,
      });
    },
    cells: everyone(),
  },
  {
    route: 'POST /prod-api/portal/login/mobile',
    case: 'registration with an SMS code',
    // The caller's token rides along; registering answers a new session whoever asks.
    call: (caller, world) => new PortalClient(caller.server, caller.token).register(world.freshMobile(), 'Matrix123'),
    cells: everyone(),
  },
  {
    route: 'POST /prod-api/portal/login/normal',
    call: (caller, world) =>
      new PortalClient(caller.server, caller.token).login(world.account.mobile, world.account.password),
    cells: everyone(),
  },
  {
    route: 'POST /prod-api/logout',
    // A second session of the caller's account is revoked, so the caller stays logged in.
    call: async (caller, world) => (await world.secondSession(caller)).call('POST', '/logout'),
    cells: everyone(),
  },
  {
    route: 'GET /prod-api/portal/login/wechat/render',
    case: 'not configured: refused to everyone alike',
    call: get('/portal/login/wechat/render'),
    cells: { visitor: 500, owner: 500, otherUser: 500, platformAdmin: 500 },
  },
  {
    route: 'POST /prod-api/portal/login/wechat/callback',
    case: 'not configured: refused to everyone alike',
    call: (caller) => caller.call('POST', '/portal/login/wechat/callback', {}),
    cells: { visitor: 500, owner: 500, otherUser: 500, platformAdmin: 500 },
  },
  {
    route: 'GET /prod-api/test/captcha/:id',
    case: 'test hook, registered only with testHooks',
    call: async (caller, world) => caller.call('GET', `/test/captcha/${(await world.captcha()).id}`),
    cells: everyone(),
  },
  {
    route: 'GET /prod-api/dev/sms/outbox',
    case: 'development only, registered only with devOutboxEndpoint',
    call: get('/dev/sms/outbox'),
    cells: everyone(),
  },
  { route: 'GET /prod-api/portal/self/center/info', call: get('/portal/self/center/info'), cells: accounts() },
  {
    route: 'GET /prod-api/portal/self/center/get/permission',
    call: get('/portal/self/center/get/permission'),
    cells: accounts(),
  },
  {
    route: 'GET /prod-api/portal/self/center/personal/todo',
    call: get('/portal/self/center/personal/todo'),
    cells: accounts(),
  },
  {
    route: 'GET /prod-api/portal/self/center/im/gen/userSig',
    call: get('/portal/self/center/im/gen/userSig'),
    cells: accounts(),
  },
  {
    route: 'POST /prod-api/portal/self/center/personal/real/name/auth',
    call: (caller, world) => world.realName(caller),
    cells: accounts(),
  },
  {
    route: 'GET /prod-api/portal/supply/chain/apply/beta',
    call: get('/portal/supply/chain/apply/beta'),
    cells: accounts(),
  },
  {
    route: 'GET /prod-api/portal/supply/chain/auth/data',
    call: get('/portal/supply/chain/auth/data'),
    cells: accounts(),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/upload/auth/data',
    call: async (caller, world) => {
      await world.realName(caller);
      return caller.call('POST', '/portal/supply/chain/upload/auth/data', await material(caller, world));
    },
    cells: accounts(),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/edit/auth/data',
    call: async (caller, world) => {
      await world.realName(caller);
      const body = await material(caller, world);
      await caller.call('POST', '/portal/supply/chain/upload/auth/data', body);
      return caller.call('POST', '/portal/supply/chain/edit/auth/data', { ...body, address: '杭州市西湖区二号' });
    },
    cells: accounts(),
  },
  { route: 'GET /prod-api/system/review/beta', call: get('/system/review/beta'), cells: admins() },
  {
    route: 'POST /prod-api/system/review/beta/:userId',
    prepare: (world) => world.applicant('beta'),
    call: (caller, _world, userId) => caller.call('POST', `/system/review/beta/${userId}`, { approve: true }),
    cells: admins(),
  },
  { route: 'GET /prod-api/system/review/enterprise', call: get('/system/review/enterprise'), cells: admins() },
  {
    route: 'POST /prod-api/system/review/enterprise/:userId',
    prepare: (world) => world.applicant('enterprise'),
    call: (caller, _world, userId) => caller.call('POST', `/system/review/enterprise/${userId}`, { approve: true }),
    cells: admins(),
  },
  {
    route: 'POST /prod-api/common/upload',
    case: 'public media',
    call: (caller, world) => caller.upload('licence.pdf', world.pdf),
    cells: accounts(),
  },
  {
    route: 'POST /prod-api/common/upload',
    case: 'private (?visibility=private)',
    call: (caller, world) => caller.upload('licence.pdf', world.pdf, 'private'),
    cells: accounts(),
  },
  {
    route: 'GET /prod-api/common/file/link',
    case: 'private identity document: its owner and platform admins',
    // Anyone else is answered as if the file did not exist.
    call: (caller, world) =>
      caller.call('GET', `/common/file/link?fileName=${encodeURIComponent(world.ownerDocument)}`),
    cells: { visitor: 401, owner: 'allow', otherUser: 404, platformAdmin: 'allow' },
  },
  {
    route: 'GET /prod-api/common/file/link',
    case: 'public media: any account',
    call: (caller, world) => caller.call('GET', `/common/file/link?fileName=${encodeURIComponent(world.ownerImage)}`),
    cells: accounts(),
  },
  {
    route: 'GET /prod-api/profile/upload/*',
    case: 'private identity document with the session token: its owner and platform admins',
    call: (caller, world) => download(caller, `/prod-api${world.ownerDocument}`),
    cells: { visitor: 404, owner: 'allow', otherUser: 404, platformAdmin: 'allow' },
  },
  {
    route: 'GET /prod-api/profile/upload/*',
    case: 'private identity document by the signed link the caller was given, without a token',
    call: async (caller, world) => {
      const link = await caller.call<{ url: string }>(
        'GET',
        `/common/file/link?fileName=${encodeURIComponent(world.ownerDocument)}`,
      );
      if (!link.data) return link;
      return download(new PortalClient(caller.server), link.data.url);
    },
    cells: { visitor: 401, owner: 'allow', otherUser: 404, platformAdmin: 'allow' },
  },
  {
    route: 'GET /prod-api/profile/upload/*',
    case: 'public media (an image): stays public',
    call: (caller, world) => download(caller, `/prod-api${world.ownerImage}`),
    cells: everyone(),
  },
];

async function material(caller: PortalClient, world: RestWorld) {
  const licence = await caller.upload('licence.pdf', world.pdf);
  return {
    enterpriseName: '矩阵测试有限公司',
    creditCode: `91330100MA27XL0P2${creditCodeCheckChar('91330100MA27XL0P2')}`,
    legalPerson: '张三',
    contactPhone: '13800000000',
    address: '杭州市西湖区一号',
    businessLicense: licence.fileName ?? '',
  };
}

/** A download answers the file (200) or an envelope; both come back as {code}. */
async function download(caller: PortalClient, url: string): Promise<{ code: number }> {
  const response = await caller.server.http.inject({
    method: 'GET',
    url,
    headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {},
  });
  if (response.headers['content-type']?.toString().startsWith('application/json')) return response.json();
  return { code: response.statusCode };
}
