import { type ImportedAccount, LiaisonError, RestError, RestErrorCode, type RestOnlineStatus } from '@liaison/protocol';
import { type Bus, userTarget } from '../../bus/bus';
import type { Database, Sql } from '../../db/database';
import { requireAllowedAvatar } from '../profiles/avatars';
import { announceProfile } from '../profiles/profile-push';
import { ensureUser, updateProfile } from '../profiles/users';

export interface AccountDeps {
  db: Database;
  bus: Bus;
  /** AVATAR_URL_HOSTS: an imported picture must be on one of them, as a user's own must. */
  avatarHosts: ReadonlySet<string>;
}

/**
 * Brings an account in, as Tencent's account_import: created when new (importing it again
 * creates nothing more), and its nick and picture set when given, which its sessions and
 * friends are told of like any profile change.
 */
export async function importAccount(deps: AccountDeps, account: ImportedAccount): Promise<void> {
  const { UserID: userID, Nick: nick, FaceUrl: avatar } = account;
  await requireAllowedAvatar(deps.db, userID, avatar, deps.avatarHosts);
  await ensureUser(deps.db, userID);
  if (nick === undefined && avatar === undefined) return;
  const profile = await updateProfile(deps.db, userID, {
    ...(nick === undefined ? {} : { nick }),
    ...(avatar === undefined ? {} : { avatar }),
  });
  await announceProfile(deps.db, deps.bus, profile);
}

/** Imports each account on its own: the ones refused are answered, the others stay imported. */
export async function importAccounts(deps: AccountDeps, accounts: readonly ImportedAccount[]): Promise<string[]> {
  const failed: string[] = [];
  for (const account of accounts) {
    try {
      await importAccount(deps, account);
    } catch (error) {
      if (!(error instanceof LiaisonError)) throw error;
      failed.push(account.UserID);
    }
  }
  return failed;
}

/** Which of these userIDs have an account (imported, or created by a first login). */
export async function existingAccounts(db: Database, userIDs: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ user_id: string }>('SELECT user_id FROM users WHERE user_id = ANY($1)', [[...userIDs]]);
  return new Set(rows.map((row) => row.user_id));
}

/**
 * A REST command's From_Account must be an account: the administrator acts for a user, never
 * creates one. Each service answers its own code (30003, 50001, …).
 */
export async function requireAccount(db: Sql, userID: string, code: number): Promise<void> {
  const rows = await db.query('SELECT 1 FROM users WHERE user_id = $1', [userID]);
  if (rows.length === 0) throw new RestError(code, `From_Account does not exist: ${userID}`);
}

/**
 * As Tencent's kick: every session of the user, on every process, is told (KICKED_OUT,
 * REST_API_Kick) and closed, and the userSigs made before this second log in no more (70052); a
 * new one does.
 */
export async function kickAccount(deps: AccountDeps, userID: string, now = Date.now()): Promise<void> {
  const kicked = await deps.db.query('UPDATE users SET sigs_valid_from = $2 WHERE user_id = $1 RETURNING user_id', [
    userID,
    Math.floor(now / 1000),
  ]);
  if (kicked.length === 0) throw new RestError(RestErrorCode.ACCOUNT_NOT_IMPORTED);
  deps.bus.publish([userTarget(userID)], {
    event: 'kicked',
    data: { reason: 'restApiKick' },
    endUserSessions: true,
  });
  await deps.bus.flush();
}

/** Online on any process, or not; this server has no push channel, so never PushOnline. */
export function onlineStatus(isOnline: boolean): RestOnlineStatus {
  return isOnline ? 'Online' : 'Offline';
}
