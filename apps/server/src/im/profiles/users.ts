import { type AllowType, ErrorCode, LiaisonError, type Profile } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toProfile, type UserRow } from '../rows';

const USER_COLUMNS = 'user_id, nick, avatar, self_signature, allow_type';

/** A valid userSig proves the app vouches for the user, so first login creates the account. */
export async function ensureUser(db: Sql, userID: string): Promise<Profile> {
  const now = Date.now();
  const rows = await db.query<UserRow>(
    `WITH created AS (
       INSERT INTO users (user_id, created_at, updated_at) VALUES ($1, $2, $2)
       ON CONFLICT (user_id) DO NOTHING RETURNING ${USER_COLUMNS}
     )
     SELECT ${USER_COLUMNS} FROM created UNION ALL SELECT ${USER_COLUMNS} FROM users WHERE user_id = $1`,
    [userID, now],
  );
  const row = rows[0];
  if (!row) throw new LiaisonError(ErrorCode.INTERNAL);
  return toProfile(row);
}

/** Profiles in the order asked; unknown IDs are left out, as the reference SDK does. */
export async function getProfiles(db: Sql, userIDs: string[]): Promise<Profile[]> {
  if (userIDs.length === 0) return [];
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE user_id = ANY($1)`, [userIDs]);
  const byID = new Map(rows.map((r) => [r.user_id, toProfile(r)]));
  return userIDs.flatMap((id) => byID.get(id) ?? []);
}

export async function getProfile(db: Sql, userID: string): Promise<Profile> {
  const [profile] = await getProfiles(db, [userID]);
  if (!profile) throw new LiaisonError(ErrorCode.USER_NOT_FOUND);
  return profile;
}

export async function updateProfile(
  db: Sql,
  userID: string,
  patch: {
    nick?: string | undefined;
    avatar?: string | undefined;
    selfSignature?: string | undefined;
    allowType?: AllowType | undefined;
  },
): Promise<Profile> {
  const rows = await db.query<UserRow>(
    `UPDATE users SET nick = COALESCE($2, nick), avatar = COALESCE($3, avatar),
            self_signature = COALESCE($4, self_signature), allow_type = COALESCE($6, allow_type), updated_at = $5
       WHERE user_id = $1 RETURNING ${USER_COLUMNS}`,
    [
      userID,
      patch.nick ?? null,
      patch.avatar ?? null,
      patch.selfSignature ?? null,
      Date.now(),
      patch.allowType ?? null,
    ],
  );
  const row = rows[0];
  if (!row) throw new LiaisonError(ErrorCode.USER_NOT_FOUND);
  return toProfile(row);
}
