import type { Database } from '../../db/database';
import { toNumber } from '../../db/database';
import { type AccountRow, createAccount, findAccountByLogin, findAccountByMobile } from '../accounts';
import { PortalCode, PortalError } from '../envelope';
import { checkLoginCode, consumeLoginCode } from '../sms';
import { hashPassword, PASSWORD_RULE, PASSWORD_RULE_TEXT, verifyPassword } from './passwords';

/** Five wrong passwords in a row lock the account for ten minutes. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MS = 10 * 60_000;

export const WRONG_CREDENTIALS = '用户名或密码错误';

/** Account login. Wrong passwords are counted in the row itself, so every process sees them. */
export async function loginWithPassword(
  db: Database,
  loginName: string,
  password: string,
  now = Date.now(),
): Promise<AccountRow> {
  const account = await findAccountByLogin(db, loginName);
  if (!account) {
    // Spend the same time as a real check, so the answer's speed does not tell who is registered.
    await verifyPassword(password, await dummyHash());
    throw new PortalError(PortalCode.ERROR, WRONG_CREDENTIALS);
  }
  refuseIfLocked(account, now);
  if (await verifyPassword(password, account.password_hash)) {
    if (account.failed_logins > 0) {
      await db.query('UPDATE portal_accounts SET failed_logins = 0 WHERE user_id = $1', [account.user_id]);
    }
    return account;
  }
  const [counted] = await db.query<{ failed_logins: number; locked_until: unknown }>(
    `UPDATE portal_accounts
        SET failed_logins = CASE WHEN failed_logins + 1 >= $2 THEN 0 ELSE failed_logins + 1 END,
            locked_until = CASE WHEN failed_logins + 1 >= $2 THEN $3 ELSE locked_until END
      WHERE user_id = $1 RETURNING failed_logins, locked_until`,
    [account.user_id, MAX_FAILED_LOGINS, now + LOCKOUT_MS],
  );
  if (counted && toNumber(counted.locked_until) > now) refuseIfLocked({ locked_until: counted.locked_until }, now);
  throw new PortalError(PortalCode.ERROR, WRONG_CREDENTIALS);
}

let dummy: Promise<string> | null = null;
const dummyHash = () => {
  dummy ??= hashPassword('not-a-password-0');
  return dummy;
};

function refuseIfLocked(account: Pick<AccountRow, 'locked_until'>, now: number): void {
  const until = toNumber(account.locked_until);
  if (until <= now) return;
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  throw new PortalError(PortalCode.ERROR, `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`);
}

/**
 * SMS login of a registered number. The account is looked up only after a right code, so only
 * the owner of the phone learns whether the number is registered; then the code is kept for
 * the registration that follows.
 */
export async function loginWithSmsCode(db: Database, mobile: string, code: string): Promise<AccountRow> {
  await checkLoginCode(db, mobile, code);
  const account = await findAccountByMobile(db, mobile);
  if (!account) throw new PortalError(PortalCode.ERROR, '该手机号尚未注册，请先注册');
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
