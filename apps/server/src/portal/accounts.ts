import { randomBytes } from 'node:crypto';
import type { EnterpriseMaterial, EnterpriseStatus, PersonInfo, PortalUserType } from '@liaison/protocol';
import type { Database, Sql } from '../db/database';
import { toNumber } from '../db/database';
import { maskMobile, maskName } from './identity';

export interface AccountRow {
  user_id: string;
  /** Null for a sub-account (it logs in by its login name). */
  mobile: string | null;
  login_name: string | null;
  password_hash: string;
  nick_name: string;
  avatar: string;
  user_type: number;
  real_person_auth_status: number;
  real_name: string;
  beta_status: boolean | null;
  beta_applied_at: unknown;
  ai_status: boolean;
  is_admin: boolean;
  /** Set for a sub-account: the enterprise it acts for. */
  parent_user_id: string | null;
  /** A disabled account cannot log in and its sessions end (sub-accounts, by their parent). */
  disabled: boolean;
}

export interface EnterpriseRow {
  enterprise_name: string;
  credit_code: string;
  legal_person: string;
  contact_phone: string;
  address: string;
  business_license: string;
  status: number;
  reject_reason: string;
  submitted_at: unknown;
}

const ACCOUNT_COLUMNS = `user_id, mobile, login_name, password_hash, nick_name, avatar, user_type,
  real_person_auth_status, real_name, beta_status, beta_applied_at, ai_status, is_admin, parent_user_id, disabled`;

export async function findAccount(db: Sql, userID: string): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM portal_accounts WHERE user_id = $1`, [
    userID,
  ]);
  return row ?? null;
}

export async function findAccountByMobile(db: Sql, mobile: string): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM portal_accounts WHERE mobile = $1`, [
    mobile,
  ]);
  return row ?? null;
}

/** The account of a login name: the mobile number or the account name. */
export async function findAccountByLogin(db: Sql, loginName: string): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM portal_accounts WHERE mobile = $1 OR login_name = $1 LIMIT 1`,
    [loginName],
  );
  return row ?? null;
}

export interface NewAccount {
  mobile: string;
  passwordHash: string;
  loginName?: string;
  nickName?: string;
  avatar?: string;
}

/**
 * Creates a portal account and its IM user together. The mobile number is unique, so a double
 * submission creates one account; null when the number is already registered.
 */
export function createAccount(db: Database, account: NewAccount, now = Date.now()): Promise<AccountRow | null> {
  return db.transaction((tx) => insertAccount(tx, account, now));
}

async function insertAccount(db: Sql, account: NewAccount, now: number): Promise<AccountRow | null> {
  const userID = `u${randomBytes(6).toString('hex')}`;
  const nick = account.nickName ?? `用户${account.mobile.slice(-4)}`;
  const [row] = await db.query<AccountRow>(
    `INSERT INTO portal_accounts (user_id, mobile, login_name, password_hash, nick_name, avatar, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (mobile) DO NOTHING RETURNING ${ACCOUNT_COLUMNS}`,
    [userID, account.mobile, account.loginName ?? null, account.passwordHash, nick, account.avatar ?? '', now],
  );
  if (!row) return null;
  await db.query(
    `INSERT INTO users (user_id, nick, avatar, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (user_id) DO UPDATE SET nick = EXCLUDED.nick, avatar = EXCLUDED.avatar`,
    [userID, nick, account.avatar ?? '', now],
  );
  return row;
}

export async function findEnterprise(db: Sql, userID: string): Promise<EnterpriseMaterial | null> {
  const [row] = await db.query<EnterpriseRow>(
    `SELECT enterprise_name, credit_code, legal_person, contact_phone, address, business_license, status,
            reject_reason, submitted_at
       FROM portal_enterprise_auth WHERE user_id = $1`,
    [userID],
  );
  return row ? toEnterpriseMaterial(row) : null;
}

export const ENTERPRISE_CLASH = {
  creditCode: '该统一社会信用代码已被其他企业认证',
  name: '该企业名称已被其他企业认证',
} as const;

// Names compare without spaces, case or the width of brackets: 某某（苏州）有限公司 is 某某(苏州)有限公司.
const nameKey = (sql: string) => `translate(lower(regexp_replace(${sql}, '\\s', '', 'g')), '（）', '()')`;

/**
 * Why this material may be neither submitted nor approved: another account's approved enterprise
 * has its credit code or its name (one enterprise, one verified account; its staff are its sub-accounts).
 */
export async function approvedEnterpriseClash(
  db: Sql,
  userID: string,
  material: { enterpriseName: string; creditCode: string },
): Promise<string | null> {
  const [row] = await db.query<{ same_code: boolean }>(
    `SELECT credit_code = $3 AS same_code FROM portal_enterprise_auth
      WHERE user_id <> $1 AND status = 1 AND (credit_code = $3 OR ${nameKey('enterprise_name')} = ${nameKey('$2')})
      ORDER BY (credit_code = $3) DESC LIMIT 1`,
    [userID, material.enterpriseName, material.creditCode.toUpperCase()],
  );
  if (!row) return null;
  return row.same_code ? ENTERPRISE_CLASH.creditCode : ENTERPRISE_CLASH.name;
}

export function toEnterpriseMaterial(row: EnterpriseRow): EnterpriseMaterial {
  return {
    enterpriseName: row.enterprise_name,
    creditCode: row.credit_code,
    legalPerson: row.legal_person,
    contactPhone: row.contact_phone,
    address: row.address,
    businessLicense: row.business_license,
    status: Number(row.status) as EnterpriseStatus,
    rejectReason: row.reject_reason,
    submittedAt: toNumber(row.submitted_at),
  };
}

/** The account's own fields of PersonInfo; acting.ts adds who it acts for and what it may open. */
export function toPersonInfo(
  account: AccountRow,
  enterprise: EnterpriseMaterial | null,
): Omit<PersonInfo, 'accountKind' | 'enterpriseName'> {
  const userType = Number(account.user_type) as PortalUserType;
  return {
    userId: account.user_id,
    loginName: account.login_name ?? account.mobile ?? '',
    nickName: account.nick_name,
    mobile: account.mobile ? maskMobile(account.mobile) : '',
    avatar: account.avatar,
    userType,
    status: userType === 2 && enterprise ? enterprise.status : 0,
    realPersonAuthStatus: Number(account.real_person_auth_status) === 1 ? 1 : 0,
    realName: account.real_name ? maskName(account.real_name) : '',
    betaStatus: account.beta_status,
    aiStatus: account.ai_status,
    enterprise,
  };
}
