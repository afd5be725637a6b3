import {
  hasPortalPermission,
  type PersonInfo,
  PORTAL_PERMISSIONS,
  type PortalAccountKind,
  type PortalPermission,
  PortalRole,
} from '@liaison/protocol';
import type { FastifyRequest } from 'fastify';
import type { Sql } from '../db/database';
import { toNumber } from '../db/database';
import { type AccountRow, findAccount, findEnterprise, toPersonInfo } from './accounts';
import { type PortalContext, requireSession } from './context';
import { PortalCode, PortalError } from './envelope';

/**
 * Who a management-centre request acts for (docs/portal-api.md "Management centre"): the logged-in
 * account, the enterprise whose business it touches (a sub-account's parent), what it may do and,
 * for a sub-account, which abilities. Every business route starts here; the web app hides what
 * `permissions` lacks, and the route refuses it anyway.
 */
export interface Acting {
  account: AccountRow;
  kind: PortalAccountKind;
  /** The enterprise (portal user ID) the request works on: the account itself, or a sub-account's parent. */
  enterpriseId: string;
  permissions: readonly PortalPermission[];
  roles: readonly string[];
  /** A sub-account's granted ability IDs; null for every other kind (all of the enterprise's). */
  grantedProducts: ReadonlySet<string> | null;
  /** Acts for an approved enterprise: false for a person and for an administrator without one. */
  hasEnterprise: boolean;
}

/** The acting account; 401 when not logged in, 403 when `permission` is given and not held. */
export async function requireActing(
  ctx: PortalContext,
  request: FastifyRequest,
  permission?: PortalPermission,
): Promise<Acting & { sessionID: string }> {
  const { account, sessionID } = await requireSession(ctx, request);
  const acting = await actingOf(ctx.db, account);
  if (permission && !hasPortalPermission(acting.permissions, permission)) throw new PortalError(PortalCode.FORBIDDEN);
  return { ...acting, sessionID };
}

/**
 * For what only an enterprise can own (abilities): '*:*:*' lets a platform administrator past the
 * permission check, but without an approved enterprise of its own it is refused as a person is.
 */
export function requireEnterprise(acting: Acting): void {
  if (!acting.hasEnterprise) throw new PortalError(PortalCode.FORBIDDEN);
}

export async function actingOf(db: Sql, account: AccountRow): Promise<Acting> {
  const approved = !account.parent_user_id && (await approvedEnterprise(db, account));
  const kind = accountKind(account, approved);
  const grantedProducts =
    kind === 'subaccount'
      ? new Set(
          (
            await db.query<{ product_id: unknown }>(
              'SELECT product_id FROM portal_sub_account_abilities WHERE sub_user_id = $1',
              [account.user_id],
            )
          ).map((row) => String(toNumber(row.product_id))),
        )
      : null;
  return {
    account,
    kind,
    enterpriseId: account.parent_user_id ?? account.user_id,
    permissions: PORTAL_PERMISSIONS[kind],
    // An administrator with an approved enterprise also has its role: the web shows it the enterprise's menus.
    roles: kind === 'admin' && approved ? [PortalRole.ADMIN, PortalRole.ENTERPRISE, PortalRole.COMMON] : ROLES[kind],
    grantedProducts,
    hasEnterprise: approved || kind === 'subaccount',
  };
}

const ROLES: Record<PortalAccountKind, readonly string[]> = {
  admin: [PortalRole.ADMIN, PortalRole.COMMON],
  enterprise: [PortalRole.ENTERPRISE, PortalRole.COMMON],
  subaccount: [PortalRole.SUB_ACCOUNT, PortalRole.COMMON],
  person: [PortalRole.COMMON],
};

function accountKind(account: AccountRow, approved: boolean): PortalAccountKind {
  if (account.is_admin) return 'admin';
  if (account.parent_user_id) return 'subaccount';
  return approved ? 'enterprise' : 'person';
}

/** An enterprise is an account of userType 2 whose material was approved (status 1). */
async function approvedEnterprise(db: Sql, account: AccountRow): Promise<boolean> {
  if (Number(account.user_type) !== 2) return false;
  const [row] = await db.query<{ status: unknown }>('SELECT status FROM portal_enterprise_auth WHERE user_id = $1', [
    account.user_id,
  ]);
  return toNumber(row?.status) === 1;
}

/** A sub-account acts for its enterprise: its beta and its verification are the enterprise's. */
export const SUB_ACCOUNT_TEXT = {
  verification: '子账号随所属企业认证，无需单独认证',
  beta: '子账号随所属企业开通内测，无需单独申请',
} as const;

/**
 * The beta and the AI permission an account has (spec portal.md §4): a sub-account has its
 * enterprise's, and a platform administrator is past the beta it reviews for everyone else.
 */
export interface Access {
  betaStatus: boolean | null;
  aiStatus: boolean;
}

export async function accessOf(db: Sql, account: AccountRow): Promise<Access> {
  if (account.is_admin) return { betaStatus: true, aiStatus: account.ai_status };
  const holder = account.parent_user_id ? await findAccount(db, account.parent_user_id) : account;
  return { betaStatus: holder?.beta_status ?? null, aiStatus: holder?.ai_status ?? false };
}

/**
 * `GET /portal/self/center/info`: the account with the access above and, for a sub-account, its
 * enterprise's verification, so nothing asks it to verify a person or an enterprise of its own.
 */
export async function personInfoOf(db: Sql, account: AccountRow): Promise<PersonInfo> {
  const acting = await actingOf(db, account);
  const access = await accessOf(db, account);
  if (acting.kind === 'subaccount') {
    const enterprise = await findEnterprise(db, acting.enterpriseId);
    return {
      ...toPersonInfo(account, null),
      ...access,
      userType: 2,
      status: enterprise?.status ?? 0,
      realPersonAuthStatus: 1,
      accountKind: acting.kind,
      enterpriseName: enterprise?.enterpriseName ?? '',
    };
  }
  const enterprise = await findEnterprise(db, account.user_id);
  return {
    ...toPersonInfo(account, enterprise),
    ...access,
    accountKind: acting.kind,
    enterpriseName: acting.hasEnterprise && enterprise ? enterprise.enterpriseName : '',
  };
}

/** For a sub-account, whether it was granted this ability; everyone else acts on all of the enterprise's. */
export function mayTouchProduct(acting: Acting, productId: string | number): boolean {
  return acting.grantedProducts === null || acting.grantedProducts.has(String(productId));
}
