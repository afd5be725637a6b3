import type { Database } from '../../db/database';
import { type AccountRow, createAccount, findAccountByLogin, findAccountByMobile } from '../accounts';
import { PortalCode, PortalError } from '../envelope';
import { checkLoginCode, consumeLoginCode } from '../sms';
import { clearFailures, recordFailure, refuseIfLocked } from './lockout';
import { hashPassword, PASSWORD_RULE, PASSWORD_RULE_TEXT, verifyPassword } from './passwords';

export const WRONG_CREDENTIALS = '用户名或密码错误';
export const ACCOUNT_DISABLED = '该账号已被停用，请联系企业管理员';

/**
 * Account login from a client address. Wrong passwords are counted per (account, address) in the
 * database, so every process sees them (see lockout.ts).
 */
export async function loginWithPassword(
  db: Database,
  loginName: string,
  password: string,
  address: string,
  now = Date.now(),
): Promise<AccountRow> {
  const account = await findAccountByLogin(db, loginName);
  const attempt = { key: account ? `user:${account.user_id}` : `name:${loginName.toLowerCase()}`, address };
  await refuseIfLocked(db, attempt, now);
  // An unknown name spends the same time as a real check, so the answer's speed does not tell who is registered.
  const right = await verifyPassword(password, account ? account.password_hash : await dummyHash());
  if (account && right) {
    await clearFailures(db, attempt);
    // Said only after the right password, so it tells no one else the account exists.
    if (account.disabled) throw new PortalError(PortalCode.ERROR, ACCOUNT_DISABLED);
    return account;
  }
  await recordFailure(db, attempt, now);
  throw new PortalError(PortalCode.ERROR, WRONG_CREDENTIALS);
}

let dummy: Promise<string> | null = null;
const dummyHash = () => {
  dummy ??= hashPassword('not-a-password-0');
  return dummy;
};

/**
 * SMS login of a registered number. The account is looked up only after a right code, so only
 * the owner of the phone learns whether the number is registered; then the code is kept for
 * the registration that follows. `accept` may refuse the account before the code is used up.
 */
export async function loginWithSmsCode(
  db: Database,
  mobile: string,
  code: string,
  accept?: (account: AccountRow) => Promise<void>,
): Promise<AccountRow> {
  await checkLoginCode(db, mobile, code);
  const account = await findAccountByMobile(db, mobile);
  if (!account) throw new PortalError(PortalCode.ERROR, '该手机号尚未注册，请先注册');
  await accept?.(account);
  await consumeLoginCode(db, mobile, code);
  return account;
}

/**
 * Registration by SMS code and password; everything is checked before the code is used up, and
 * the number is looked up only after a right code (see loginWithSmsCode).
 */
export async function register(
  db: Database,
  input: { mobile: string; code: string; password: string; secPassword: string },
): Promise<AccountRow> {
  if (!PASSWORD_RULE.test(input.password)) throw new PortalError(PortalCode.ERROR, PASSWORD_RULE_TEXT);
  if (input.password !== input.secPassword) throw new PortalError(PortalCode.ERROR, '两次输入的密码不一致');
  await checkLoginCode(db, input.mobile, input.code);
  if (await findAccountByMobile(db, input.mobile)) throw alreadyRegistered();
  await consumeLoginCode(db, input.mobile, input.code);
  const account = await createAccount(db, { mobile: input.mobile, passwordHash: await hashPassword(input.password) });
  if (!account) throw alreadyRegistered();
  return account;
}

const alreadyRegistered = () => new PortalError(PortalCode.ERROR, '该手机号已注册，请直接登录');
