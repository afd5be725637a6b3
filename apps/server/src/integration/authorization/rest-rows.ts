import {
  hasPortalPermission,
  PortalPermission as P,
  PORTAL_PERMISSIONS,
  type PortalAccountKind,
} from '@liaison/protocol';
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
 * - enterprise: an approved enterprise, acting on its own business;
 * - subAccount: a sub-account of another enterprise, granted no ability;
 * - platformAdmin: a portal administrator (role admin).
 * Group roles (member, admin, owner of a group) and muted members have no REST route today.
 * A record ID no caller owns is answered 404 to every caller that may use the route at all.
 */
export const REST_ROLES = ['visitor', 'owner', 'otherUser', 'enterprise', 'subAccount', 'platformAdmin'] as const;
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
  prepare?(world: RestWorld, caller: PortalClient): Promise<string>;
  call(caller: PortalClient, world: RestWorld, prepared: string): Promise<{ code: number }>;
  cells: Record<RestRole, RestExpect>;
}

/** The same answer to every caller. */
const all = (expect: RestExpect): Record<RestRole, RestExpect> => ({
  visitor: expect,
  owner: expect,
  otherUser: expect,
  enterprise: expect,
  subAccount: expect,
  platformAdmin: expect,
});
const everyone = () => all('allow');
/** 401 to the visitor, `expect` to every account. */
const accounts = (expect: RestExpect = 'allow'): Record<RestRole, RestExpect> => ({ ...all(expect), visitor: 401 });
const admins = (expect: RestExpect = 'allow'): Record<RestRole, RestExpect> => ({
  ...accounts(403),
  platformAdmin: expect,
});

const KINDS: Record<Exclude<RestRole, 'visitor'>, PortalAccountKind> = {
  owner: 'person',
  otherUser: 'person',
  enterprise: 'enterprise',
  subAccount: 'subaccount',
  platformAdmin: 'admin',
};
/** 401 to the visitor, 403 to an account without `permission` (PORTAL_PERMISSIONS), `expect` to the rest. */
function holding(permission: P, expect: RestExpect = 'allow'): Record<RestRole, RestExpect> {
  const cells = accounts(expect);
  for (const [role, kind] of Object.entries(KINDS) as [Exclude<RestRole, 'visitor'>, PortalAccountKind][]) {
    if (!hasPortalPermission(PORTAL_PERMISSIONS[kind], permission)) cells[role] = 403;
  }
  return cells;
}

const get = (url: string) => (caller: PortalClient) => caller.call('GET', url);
const post = (url: string, body: object) => (caller: PortalClient) => caller.call('POST', url, body);
const remove = (url: string) => (caller: PortalClient) => caller.call('DELETE', url);

const CHAIN = '/portal/supply/chain';
const SELF = '/portal/self/center';
/** A record ID and a user ID that name nothing. */
const NONE = '999999999';
const NO_USER = 'u000000000000';

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
    cells: all(500),
  },
  {
    route: 'POST /prod-api/portal/login/wechat/callback',
    case: 'not configured: refused to everyone alike',
    call: (caller) => caller.call('POST', '/portal/login/wechat/callback', {}),
    cells: all(500),
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
    // A sub-account acts for its enterprise: nothing of its own to verify.
    cells: { ...accounts(), subAccount: 403 },
  },
  {
    route: 'GET /prod-api/portal/supply/chain/apply/beta',
    call: get('/portal/supply/chain/apply/beta'),
    cells: { ...accounts(), subAccount: 403 },
  },
  {
    route: 'GET /prod-api/portal/supply/chain/auth/data',
    call: get('/portal/supply/chain/auth/data'),
    cells: accounts(),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/upload/auth/data',
    prepare: async (world, caller) => {
      await world.realName(caller);
      return JSON.stringify(await material(caller, world));
    },
    call: (caller, _world, body) => caller.call('POST', '/portal/supply/chain/upload/auth/data', JSON.parse(body)),
    // An approved enterprise has nothing left to submit or change; a sub-account has its parent's.
    cells: { ...accounts(), enterprise: 500, subAccount: 403 },
  },
  {
    route: 'POST /prod-api/portal/supply/chain/edit/auth/data',
    prepare: async (world, caller) => {
      await world.realName(caller);
      const body = await material(caller, world);
      await caller.call('POST', '/portal/supply/chain/upload/auth/data', body);
      return JSON.stringify(body);
    },
    call: (caller, _world, body) =>
      caller.call('POST', '/portal/supply/chain/edit/auth/data', { ...JSON.parse(body), address: '杭州市西湖区二号' }),
    // An approved enterprise has nothing left to submit or change; a sub-account has its parent's.
    cells: { ...accounts(), enterprise: 500, subAccount: 403 },
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
    route: 'GET /prod-api/portal/supply/chain/beta/review',
    call: get('/portal/supply/chain/beta/review'),
    cells: accounts(),
  },
  {
    route: 'GET /prod-api/portal/home/manager/advertisement',
    call: get('/portal/home/manager/advertisement'),
    cells: everyone(),
  },
  { route: 'GET /prod-api/system/advertisement/list', call: get('/system/advertisement/list'), cells: admins() },
  {
    route: 'POST /prod-api/system/advertisement',
    call: (caller, world) => caller.call('POST', '/system/advertisement', advertisement(world)),
    cells: admins(),
  },
  {
    route: 'PUT /prod-api/system/advertisement/:id',
    // Non-admins are refused before the ID is looked at; the admin edits the one it just made.
    call: async (caller, world) =>
      send(caller, 'PUT', `/system/advertisement/${await newAdvertisement(caller, world)}`, advertisement(world)),
    cells: admins(),
  },
  {
    route: 'PUT /prod-api/system/advertisement/:id/status',
    call: async (caller, world) =>
      send(caller, 'PUT', `/system/advertisement/${await newAdvertisement(caller, world)}/status`, { enabled: false }),
    cells: admins(),
  },
  {
    route: 'DELETE /prod-api/system/advertisement/:id',
    call: async (caller, world) =>
      caller.call('DELETE', `/system/advertisement/${await newAdvertisement(caller, world)}`),
    cells: admins(),
  },
  {
    route: 'GET /prod-api/portal/self/center/education/video',
    call: get('/portal/self/center/education/video'),
    cells: accounts(),
  },
  { route: 'GET /prod-api/system/education/video/list', call: get('/system/education/video/list'), cells: admins() },
  {
    route: 'POST /prod-api/system/education/video',
    call: (caller, world) => caller.call('POST', '/system/education/video', video(world)),
    cells: admins(),
  },
  {
    route: 'PUT /prod-api/system/education/video/:id',
    call: async (caller, world) =>
      send(caller, 'PUT', `/system/education/video/${await newVideo(caller, world)}`, video(world)),
    cells: admins(),
  },
  {
    route: 'DELETE /prod-api/system/education/video/:id',
    call: async (caller, world) => caller.call('DELETE', `/system/education/video/${await newVideo(caller, world)}`),
    cells: admins(),
  },
  // ---- issue 27: the deployment's switches (im/deployment/) ----
  { route: 'GET /prod-api/system/deployment/abilities', call: get('/system/deployment/abilities'), cells: admins() },
  {
    route: 'PUT /prod-api/system/deployment/abilities',
    // Switched on as it already is: the next rows' callers see the deployment unchanged.
    call: (caller) => send(caller, 'PUT', '/system/deployment/abilities', { translation: true }),
    cells: admins(),
  },
  // ---- issue 14: the management centre ----
  {
    route: 'GET /prod-api/portal/supply/chain/product/category/list',
    call: get(`${CHAIN}/product/category/list`),
    cells: everyone(),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/add/product',
    case: 'an empty form',
    call: post(`${CHAIN}/add/product`, {}),
    // The platform admin holds every permission but acts for no enterprise: an ability needs one.
    cells: { ...holding(P.PRODUCT_ADD, 500), platformAdmin: 403 },
  },
  {
    route: 'POST /prod-api/portal/supply/chain/edit/product',
    case: 'an empty form',
    call: post(`${CHAIN}/edit/product`, {}),
    cells: holding(P.PRODUCT_EDIT, 500),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/detail',
    call: post(`${CHAIN}/detail`, { id: NONE }),
    cells: holding(P.PRODUCT_VIEW, 404),
  },
  {
    route: 'GET /prod-api/portal/supply/chain/product/personal/page',
    call: get(`${CHAIN}/product/personal/page`),
    cells: holding(P.PRODUCT_VIEW),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/product/personal/status',
    call: post(`${CHAIN}/product/personal/status`, { id: NONE, status: 1 }),
    cells: holding(P.PRODUCT_EDIT, 404),
  },
  {
    route: 'DELETE /prod-api/portal/supply/chain/product/personal/:id',
    call: remove(`${CHAIN}/product/personal/${NONE}`),
    cells: holding(P.PRODUCT_REMOVE, 404),
  },
  {
    route: 'GET /prod-api/portal/supply/chain/product/personal/recycle/page',
    call: get(`${CHAIN}/product/personal/recycle/page`),
    cells: holding(P.PRODUCT_REMOVE),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/product/personal/recover',
    call: post(`${CHAIN}/product/personal/recover`, { id: NONE }),
    cells: holding(P.PRODUCT_REMOVE, 404),
  },
  {
    route: 'DELETE /prod-api/portal/supply/chain/product/personal/ensure/:id',
    call: remove(`${CHAIN}/product/personal/ensure/${NONE}`),
    cells: holding(P.PRODUCT_REMOVE, 404),
  },
  { route: 'GET /prod-api/portal/self/center/vip/info', call: get(`${SELF}/vip/info`), cells: holding(P.VIP_CHARGE) },
  { route: 'GET /prod-api/portal/self/center/vip/price', call: get(`${SELF}/vip/price`), cells: accounts() },
  {
    route: 'GET /prod-api/portal/self/center/vip/orders',
    call: get(`${SELF}/vip/orders`),
    cells: holding(P.VIP_CHARGE),
  },
  {
    route: 'GET /prod-api/portal/self/center/integral/charge/vip/:type',
    case: 'a type with no price',
    call: get(`${SELF}/integral/charge/vip/999999`),
    cells: holding(P.VIP_CHARGE, 500),
  },
  {
    route: 'POST /prod-api/portal/self/center/personal/charge/vip/pay/qr',
    case: 'a type with no price',
    call: post(`${SELF}/personal/charge/vip/pay/qr?vipType=999999`, {}),
    cells: holding(P.VIP_CHARGE, 500),
  },
  {
    route: 'GET /prod-api/portal/self/center/check/charge/vip/status',
    case: 'an order of nobody',
    call: get(`${SELF}/check/charge/vip/status?orderNumber=none`),
    cells: holding(P.VIP_CHARGE, 404),
  },
  {
    route: 'GET /prod-api/dev/payment/:orderNumber/paid',
    case: 'development only; an unknown order',
    call: get('/dev/payment/none/paid'),
    cells: all(404),
  },
  {
    route: 'POST /prod-api/portal/self/center/sign-in/per/day',
    call: post(`${SELF}/sign-in/per/day`, {}),
    cells: holding(P.POINTS_SIGN_IN),
  },
  {
    route: 'GET /prod-api/portal/self/center/points/info',
    call: get(`${SELF}/points/info`),
    cells: holding(P.POINTS_SIGN_IN),
  },
  {
    route: 'GET /prod-api/portal/self/center/points/ledger',
    call: get(`${SELF}/points/ledger`),
    cells: holding(P.POINTS_SIGN_IN),
  },
  {
    route: 'GET /prod-api/portal/supply/chain/sub/account/list',
    call: get(`${CHAIN}/sub/account/list`),
    cells: holding(P.SUB_ACCOUNT_MANAGE),
  },
  {
    route: 'GET /prod-api/portal/supply/chain/sub/account/permission/abilities',
    call: get(`${CHAIN}/sub/account/permission/abilities`),
    cells: holding(P.SUB_ACCOUNT_MANAGE),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/sub/account',
    case: 'an empty form',
    call: post(`${CHAIN}/sub/account`, {}),
    cells: holding(P.SUB_ACCOUNT_MANAGE, 500),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/sub/account/update',
    case: 'an empty form',
    call: post(`${CHAIN}/sub/account/update`, {}),
    cells: holding(P.SUB_ACCOUNT_MANAGE, 500),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/sub/account/delete',
    call: post(`${CHAIN}/sub/account/delete`, { id: 'u000000000000' }),
    cells: holding(P.SUB_ACCOUNT_MANAGE, 404),
  },
  {
    route: 'GET /prod-api/portal/supply/chain/main/page',
    call: get(`${CHAIN}/main/page`),
    cells: holding(P.COMPANY_PAGE_EDIT),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/update/main/page',
    call: post(`${CHAIN}/update/main/page`, { introduction: '矩阵简介' }),
    cells: holding(P.COMPANY_PAGE_EDIT),
  },
  {
    route: 'GET /prod-api/portal/self/center/personal/disable/public/phone',
    call: get(`${SELF}/personal/disable/public/phone`),
    cells: holding(P.COMPANY_PAGE_EDIT),
  },
  {
    route: 'GET /prod-api/portal/self/center/personal/enable/public/phone',
    call: get(`${SELF}/personal/enable/public/phone`),
    cells: holding(P.COMPANY_PAGE_EDIT),
  },
  {
    route: 'GET /prod-api/portal/self/center/personal/partners',
    call: get(`${SELF}/personal/partners`),
    cells: holding(P.COMPANY_PAGE_EDIT),
  },
  {
    route: 'POST /prod-api/portal/self/center/personal/partners',
    call: post(`${SELF}/personal/partners`, { name: '矩阵伙伴' }),
    cells: holding(P.COMPANY_PAGE_EDIT),
  },
  {
    route: 'POST /prod-api/portal/self/center/personal/partners/delete',
    call: post(`${SELF}/personal/partners/delete`, { id: NONE }),
    cells: holding(P.COMPANY_PAGE_EDIT, 404),
  },
  { route: 'GET /prod-api/portal/industry/chains', call: get('/portal/industry/chains'), cells: everyone() },
  {
    route: 'GET /prod-api/portal/industry/segment/members',
    case: 'an unknown segment',
    call: get(`/portal/industry/segment/members?segmentId=${NONE}`),
    cells: all(404),
  },
  {
    route: 'GET /prod-api/portal/supply/chain/industry/chains',
    call: get(`${CHAIN}/industry/chains`),
    cells: holding(P.COMPANY_PAGE_EDIT),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/industry/join',
    case: 'an unknown segment',
    call: post(`${CHAIN}/industry/join`, { segmentId: NONE }),
    cells: holding(P.COMPANY_PAGE_EDIT, 404),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/industry/leave',
    case: 'an unknown segment',
    call: post(`${CHAIN}/industry/leave`, { segmentId: NONE }),
    cells: holding(P.COMPANY_PAGE_EDIT, 404),
  },
  ...[
    `${SELF}/data/board`,
    `${CHAIN}/ability/statistic`,
    `${CHAIN}/statistics`,
    `${CHAIN}/new/statistics`,
    `${SELF}/ability/top/ten/statistics`,
    `${SELF}/keywords/top/ten/statistics`,
    `${SELF}/week/chart/statistics/data`,
    `${SELF}/view/me/info`,
  ].map((url): RestRow => ({ route: `GET /prod-api${url}`, call: get(url), cells: holding(P.STATISTICS_VIEW) })),
  { route: 'GET /prod-api/portal/self/center/seekingMe', call: get(`${SELF}/seekingMe`), cells: holding(P.NEED_VIEW) },
  { route: 'GET /prod-api/portal/self/center/meSeeking', call: get(`${SELF}/meSeeking`), cells: holding(P.NEED_VIEW) },
  {
    route: 'POST /prod-api/portal/self/center/meSeeking',
    case: 'an empty form',
    call: post(`${SELF}/meSeeking`, {}),
    cells: holding(P.NEED_VIEW, 500),
  },
  {
    route: 'DELETE /prod-api/portal/self/center/meSeeking/:id',
    call: remove(`${SELF}/meSeeking/${NONE}`),
    cells: holding(P.NEED_VIEW, 404),
  },
  {
    route: 'POST /prod-api/portal/self/center/seekingMeStatus',
    call: post(`${SELF}/seekingMeStatus`, { needId: NONE, status: 1 }),
    cells: holding(P.NEED_VIEW, 404),
  },
  {
    route: 'POST /prod-api/portal/self/center/meSeekingStatus',
    call: post(`${SELF}/meSeekingStatus`, { needId: NONE, status: 1 }),
    cells: holding(P.NEED_VIEW, 404),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/apply/cooperation',
    case: 'an unknown ability',
    call: post(`${CHAIN}/apply/cooperation`, {
      productId: NONE,
      message: '矩阵合作',
      contactName: '矩阵',
      contactPhone: '13800000000',
    }),
    cells: accounts(404),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/apply/cooperation/connect',
    case: 'an unknown ability',
    call: post(`${CHAIN}/apply/cooperation/connect`, { productId: NONE }),
    cells: accounts(404),
  },
  {
    route: 'GET /prod-api/portal/self/center/other/to/me/connect',
    call: get(`${SELF}/other/to/me/connect`),
    cells: holding(P.COOPERATION_HANDLE),
  },
  {
    route: 'GET /prod-api/portal/self/center/me/to/other/connect',
    call: get(`${SELF}/me/to/other/connect`),
    cells: accounts(),
  },
  {
    route: 'GET /prod-api/portal/self/center/other/to/me/connect/read/:id',
    call: get(`${SELF}/other/to/me/connect/read/${NONE}`),
    cells: holding(P.COOPERATION_HANDLE, 404),
  },
  {
    route: 'GET /prod-api/portal/self/center/me/to/other/connect/read/:id',
    call: get(`${SELF}/me/to/other/connect/read/${NONE}`),
    cells: accounts(404),
  },
  {
    route: 'GET /prod-api/portal/self/center/other/to/me/connect/agree/:id',
    call: get(`${SELF}/other/to/me/connect/agree/${NONE}`),
    cells: holding(P.COOPERATION_HANDLE, 404),
  },
  {
    route: 'GET /prod-api/portal/self/center/other/to/me/connect/refuse/:id',
    call: get(`${SELF}/other/to/me/connect/refuse/${NONE}`),
    cells: holding(P.COOPERATION_HANDLE, 404),
  },
  {
    route: 'GET /prod-api/portal/supply/chain/follow/:id',
    case: 'an unknown enterprise',
    call: get(`${CHAIN}/follow/${NO_USER}`),
    cells: accounts(404),
  },
  {
    route: 'GET /prod-api/portal/supply/chain/cancel/follow/:id',
    call: get(`${CHAIN}/cancel/follow/${NO_USER}`),
    cells: accounts(),
  },
  {
    route: 'GET /prod-api/portal/supply/chain/has/follow/:id',
    call: get(`${CHAIN}/has/follow/${NO_USER}`),
    cells: accounts(),
  },
  {
    route: 'GET /prod-api/portal/supply/chain/has/connect/:id',
    call: get(`${CHAIN}/has/connect/${NO_USER}`),
    cells: accounts(),
  },
  { route: 'GET /prod-api/portal/self/center/follow/page', call: get(`${SELF}/follow/page`), cells: accounts() },
  // The AI assistant opens to the beta or the AI permission, which no caller here has but the
  // platform administrator (past the beta it reviews); the matrix server has no model configured.
  { route: 'GET /prod-api/portal/ai/status', call: get('/portal/ai/status'), cells: accounts() },
  {
    route: 'GET /prod-api/portal/ai/conversations',
    call: get('/portal/ai/conversations'),
    cells: { ...accounts(403), platformAdmin: 'allow' },
  },
  {
    route: 'GET /prod-api/portal/ai/conversations/:id/messages',
    call: get(`/portal/ai/conversations/${NONE}/messages`),
    cells: { ...accounts(403), platformAdmin: 404 },
  },
  {
    route: 'DELETE /prod-api/portal/ai/conversations/:id',
    call: remove(`/portal/ai/conversations/${NONE}`),
    cells: { ...accounts(403), platformAdmin: 404 },
  },
  {
    route: 'POST /prod-api/portal/ai/chat',
    call: post('/portal/ai/chat', { prompt: '你好' }),
    cells: { ...accounts(403), platformAdmin: 500 },
  },
  {
    route: 'GET /prod-api/portal/product/collection/:id',
    case: 'an unknown ability',
    call: get(`/portal/product/collection/${NONE}`),
    cells: accounts(404),
  },
  {
    route: 'GET /prod-api/portal/product/cancel/collection/:id',
    call: get(`/portal/product/cancel/collection/${NONE}`),
    cells: accounts(),
  },
  {
    route: 'GET /prod-api/portal/product/has/collection/:id',
    call: get(`/portal/product/has/collection/${NONE}`),
    cells: accounts(),
  },
  {
    route: 'GET /prod-api/portal/self/center/collection/page',
    call: get(`${SELF}/collection/page`),
    cells: accounts(),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/view',
    case: 'an unknown ability',
    call: post(`${CHAIN}/view`, { productId: NONE }),
    cells: all(404),
  },
  {
    route: 'GET /prod-api/portal/self/center/official/push/info',
    call: get(`${SELF}/official/push/info`),
    cells: accounts(),
  },
  {
    route: 'GET /prod-api/portal/self/center/official/push/info/read/:id',
    call: get(`${SELF}/official/push/info/read/${NONE}`),
    cells: accounts(404),
  },
  {
    route: 'POST /prod-api/system/official/push',
    call: post('/system/official/push', { title: '矩阵公告', content: '矩阵公告内容' }),
    cells: admins(),
  },
  { route: 'GET /prod-api/system/official/push', call: get('/system/official/push'), cells: admins() },
  {
    route: 'DELETE /prod-api/system/official/push/:id',
    call: remove(`/system/official/push/${NONE}`),
    cells: admins(404),
  },
  // ---- issue 15: the public catalogue and the portal search ----
  {
    route: 'POST /prod-api/portal/product/list/query',
    call: post('/portal/product/list/query', {}),
    cells: everyone(),
  },
  { route: 'GET /prod-api/portal/supply/chain/product/page', call: get(`${CHAIN}/product/page`), cells: everyone() },
  {
    route: 'GET /prod-api/portal/supply/chain/product/list',
    case: 'an unknown chain',
    call: get(`${CHAIN}/product/list?supplyChainId=${NONE}`),
    cells: all(500),
  },
  {
    route: 'GET /prod-api/portal/supply/chain/ability/:id',
    case: 'an unknown ability',
    call: get(`${CHAIN}/ability/${NONE}`),
    cells: accounts(404),
  },
  {
    route: 'GET /prod-api/portal/supply/chain/extend/info/:userId',
    case: 'not an enterprise',
    call: get(`${CHAIN}/extend/info/${NO_USER}`),
    cells: accounts(404),
  },
  { route: 'GET /prod-api/portal/enterprise/list', call: get('/portal/enterprise/list'), cells: everyone() },
  { route: 'GET /prod-api/portal/cluster/list', call: get('/portal/cluster/list'), cells: everyone() },
  { route: 'GET /prod-api/portal/cluster/:id', call: get(`/portal/cluster/${NONE}`), cells: all(404) },
  { route: 'GET /prod-api/portal/article/list', call: get('/portal/article/list'), cells: everyone() },
  { route: 'GET /prod-api/portal/article/:id', call: get(`/portal/article/${NONE}`), cells: all(404) },
  { route: 'GET /prod-api/portal/expert/list', call: get('/portal/expert/list'), cells: everyone() },
  { route: 'GET /prod-api/portal/expert/:id', call: get(`/portal/expert/${NONE}`), cells: all(404) },
  { route: 'GET /prod-api/portal/home', call: get('/portal/home'), cells: everyone() },
  { route: 'GET /prod-api/portal/match/operations', call: get('/portal/match/operations'), cells: everyone() },
  { route: 'GET /prod-api/portal/search', call: get('/portal/search?keyword=矩阵'), cells: accounts() },
  { route: 'GET /prod-api/portal/admin/article/list', call: get('/portal/admin/article/list'), cells: admins() },
  { route: 'GET /prod-api/portal/admin/cluster/list', call: get('/portal/admin/cluster/list'), cells: admins() },
  {
    route: 'GET /prod-api/portal/admin/industry/chain/list',
    call: get('/portal/admin/industry/chain/list'),
    cells: admins(),
  },
  {
    route: 'POST /prod-api/portal/admin/industry/segment/member',
    case: 'an account that is not an enterprise',
    call: post('/portal/admin/industry/segment/member', { segmentId: NONE, userId: NO_USER }),
    cells: admins(500),
  },
  {
    route: 'DELETE /prod-api/portal/admin/industry/segment/:segmentId/member/:userId',
    case: 'an unknown segment',
    call: remove(`/portal/admin/industry/segment/${NONE}/member/${NO_USER}`),
    cells: admins(404),
  },
  ...(['article', 'expert', 'cluster', 'industry/chain'] as const).map(
    (kind): RestRow => ({
      route: `GET /prod-api/portal/admin/${kind}/:id`,
      call: get(`/portal/admin/${kind}/${NONE}`),
      cells: admins(404),
    }),
  ),
  ...(['article', 'expert', 'cluster', 'industry/chain'] as const).flatMap((kind): RestRow[] => [
    {
      route: `POST /prod-api/portal/admin/${kind}`,
      call: (caller) => caller.call('POST', `/portal/admin/${kind}`, CONTENT[kind]),
      cells: admins(),
    },
    {
      route: `PUT /prod-api/portal/admin/${kind}/:id`,
      // Non-admins are refused before the ID is looked at; the admin edits the one it just made.
      call: async (caller) =>
        send(caller, 'PUT', `/portal/admin/${kind}/${await newContent(caller, kind)}`, CONTENT[kind]),
      cells: admins(),
    },
    {
      route: `DELETE /prod-api/portal/admin/${kind}/:id`,
      call: async (caller) => caller.call('DELETE', `/portal/admin/${kind}/${await newContent(caller, kind)}`),
      cells: admins(),
    },
  ]),
  // ---- issue 15: points mall, report centre, official service, WeChat binding ----
  { route: 'GET /prod-api/portal/mall/goods', call: get('/portal/mall/goods'), cells: everyone() },
  {
    route: 'POST /prod-api/portal/mall/redeem',
    case: 'unknown goods',
    call: post('/portal/mall/redeem', { goodsId: NONE, quantity: 1, address: '矩阵地址' }),
    cells: holding(P.POINTS_SIGN_IN, 404),
  },
  { route: 'GET /prod-api/portal/mall/orders', call: get('/portal/mall/orders'), cells: holding(P.POINTS_SIGN_IN) },
  { route: 'GET /prod-api/system/mall/goods', call: get('/system/mall/goods'), cells: admins() },
  {
    route: 'POST /prod-api/system/mall/goods',
    call: (caller, world) => caller.call('POST', '/system/mall/goods', goods(world)),
    cells: admins(),
  },
  {
    route: 'PUT /prod-api/system/mall/goods/:id',
    call: async (caller, world) =>
      send(caller, 'PUT', `/system/mall/goods/${await newGoods(caller, world)}`, goods(world)),
    cells: admins(),
  },
  {
    route: 'PUT /prod-api/system/mall/goods/:id/status',
    call: (caller) => send(caller, 'PUT', `/system/mall/goods/${NONE}/status`, { enabled: false }),
    cells: admins(404),
  },
  { route: 'GET /prod-api/system/mall/orders', call: get('/system/mall/orders'), cells: admins() },
  {
    route: 'POST /prod-api/system/mall/orders/:id/ship',
    call: post(`/system/mall/orders/${NONE}/ship`, {}),
    cells: admins(404),
  },
  {
    route: 'POST /prod-api/system/mall/orders/:id/cancel',
    call: post(`/system/mall/orders/${NONE}/cancel`, {}),
    cells: admins(404),
  },
  {
    route: 'POST /prod-api/portal/report',
    call: post('/portal/report', { category: '其他', content: '矩阵举报' }),
    cells: everyone(),
  },
  { route: 'GET /prod-api/system/report/list', call: get('/system/report/list'), cells: admins() },
  {
    route: 'POST /prod-api/system/report/:id/handled',
    call: post(`/system/report/${NONE}/handled`, { result: '矩阵处理' }),
    cells: admins(404),
  },
  {
    route: 'POST /prod-api/system/official/service/:id/follow-up',
    call: post(`/system/official/service/${NONE}/follow-up`, { status: 1, note: '矩阵跟进' }),
    cells: admins(404),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/apply/official/service/send/sms/code',
    call: async (caller, world) => {
      const { id, answer } = await world.captcha();
      return caller.call('POST', `${CHAIN}/apply/official/service/send/sms/code`, {
        mobileNumber: world.freshMobile(),
        verifyCode: answer,
        verifyCodeId: id,
      });
    },
    cells: everyone(),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/apply/official/service/check',
    case: 'no code was sent',
    call: (caller, world) =>
      caller.call('POST', `${CHAIN}/apply/official/service/check`, {
        mobileNumber: world.freshMobile(),
        smsVerifyCode: '123456',
      }),
    cells: all(500),
  },
  {
    route: 'POST /prod-api/portal/supply/chain/apply/official/service2',
    case: 'an unknown ticket',
    call: post(`${CHAIN}/apply/official/service2`, {
      ticket: 'none',
      serviceType: '其他',
      company: '矩阵公司',
      contactName: '矩阵',
      content: '矩阵需求',
    }),
    cells: all(500),
  },
  { route: 'GET /prod-api/system/official/service/list', call: get('/system/official/service/list'), cells: admins() },
  {
    route: 'POST /prod-api/portal/self/center/personal/bind/wechat',
    case: 'not configured',
    call: post(`${SELF}/personal/bind/wechat`, { wechatKey: 'none' }),
    cells: accounts(500),
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
    cells: { ...accounts(404), owner: 'allow', platformAdmin: 'allow' },
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
    cells: { ...all(404), owner: 'allow', platformAdmin: 'allow' },
  },
  {
    route: 'GET /prod-api/profile/upload/*',
    case: 'private identity document by the signed link the caller was given, in a new tab of the same browser',
    call: async (caller, world) => {
      const link = await caller.call<{ url: string }>(
        'GET',
        `/common/file/link?fileName=${encodeURIComponent(world.ownerDocument)}`,
      );
      if (!link.data) return link;
      // A tab opening the link sends the browser's cookies, not the page's bearer token.
      const tab = new PortalClient(caller.server);
      for (const [name, value] of caller.cookies) tab.cookies.set(name, value);
      return download(tab, link.data.url);
    },
    cells: { ...accounts(404), owner: 'allow', platformAdmin: 'allow' },
  },
  {
    route: 'GET /prod-api/profile/upload/*',
    case: 'public media (an image): stays public',
    call: (caller, world) => download(caller, `/prod-api${world.ownerImage}`),
    cells: everyone(),
  },
];

async function material(caller: PortalClient, world: RestWorld, visibility?: 'private') {
  const licence = await caller.upload('licence.pdf', world.pdf, visibility);
  return {
    enterpriseName: '矩阵测试有限公司',
    creditCode: `91330100MA27XL0P2${creditCodeCheckChar('91330100MA27XL0P2')}`,
    legalPerson: '张三',
    contactPhone: '13800000000',
    address: '杭州市西湖区一号',
    businessLicense: licence.fileName ?? '',
  };
}

const advertisement = (world: RestWorld) => ({
  slot: 'home_banner',
  title: '矩阵广告',
  image: world.ownerImage,
  link: '/supply',
});
const video = (world: RestWorld) => ({
  title: '矩阵视频',
  cover: world.ownerImage,
  videoUrl: 'https://example.com/v.mp4',
  durationS: 60,
});

/** The ID of an advertisement the caller just created; '1' when it may not create one. */
async function newAdvertisement(caller: PortalClient, world: RestWorld): Promise<string> {
  return (await caller.call<{ id: string }>('POST', '/system/advertisement', advertisement(world))).data?.id ?? '1';
}

async function newVideo(caller: PortalClient, world: RestWorld): Promise<string> {
  return (await caller.call<{ id: string }>('POST', '/system/education/video', video(world))).data?.id ?? '1';
}

/** The smallest valid form of each kind of platform content (issue 15). */
const CONTENT = {
  article: { kind: 'news', title: '矩阵资讯', content: '<p>正文</p>' },
  expert: { name: '矩阵专家' },
  cluster: { name: '矩阵集群' },
  'industry/chain': { name: '矩阵产业链', segments: [{ stage: 0, name: '矩阵环节' }] },
} as const;

/** The ID of content the caller just created; '1' when it may not create it. */
async function newContent(caller: PortalClient, kind: keyof typeof CONTENT): Promise<string> {
  return (await caller.call<{ id: string }>('POST', `/portal/admin/${kind}`, CONTENT[kind])).data?.id ?? '1';
}

const goods = (world: RestWorld) => ({ name: '矩阵商品', image: world.ownerImage, pointsCost: 10, stock: 1 });

/** The ID of goods the caller just created; '1' when it may not create any. */
async function newGoods(caller: PortalClient, world: RestWorld): Promise<string> {
  return (await caller.call<{ id: string }>('POST', '/system/mall/goods', goods(world))).data?.id ?? '1';
}

/** A method PortalClient does not send (PUT), with the caller's token. */
async function send(caller: PortalClient, method: 'PUT', url: string, payload: object): Promise<{ code: number }> {
  const response = await caller.server.http.inject({
    method,
    url: `/prod-api${url}`,
    headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {},
    payload: payload as Record<string, unknown>,
  });
  return response.json();
}

/** A download answers the file (200) or an envelope; both come back as {code}. */
async function download(caller: PortalClient, url: string): Promise<{ code: number }> {
  const response = await caller.server.http.inject({
    method: 'GET',
    url,
    headers: {
      ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
      ...(caller.cookies.size > 0 ? { cookie: caller.cookieHeader() } : {}),
    },
  });
  if (response.headers['content-type']?.toString().startsWith('application/json')) return response.json();
  return { code: response.statusCode };
}
