import {
  AdminForbidType,
  ErrorCode,
  errorMessages,
  LiaisonError,
  type OpRequestParsed,
  type Profile,
  ProfileLimits,
} from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { toProfile, type UserRow, userColumns } from '../rows';

const USER_COLUMNS = userColumns();

/** A valid userSig proves the app vouches for the user, so first login creates the account. */
export async function ensureUser(db: Sql, userID: string): Promise<Profile> {
  return (await ensureLoginUser(db, userID)).profile;
}

/**
 * ensureUser, with the second (TLS.time) from which the user's userSigs log in: a REST API kick
 * moves it to the kick's, so signatures made before then are refused (70052).
 */
export async function ensureLoginUser(db: Sql, userID: string): Promise<{ profile: Profile; sigsValidFrom: number }> {
  const now = Date.now();
  const columns = `${USER_COLUMNS}, sigs_valid_from`;
  const rows = await db.query<UserRow & { sigs_valid_from: unknown }>(
    `WITH created AS (
       INSERT INTO users (user_id, created_at, updated_at) VALUES ($1, $2, $2)
       ON CONFLICT (user_id) DO NOTHING RETURNING ${columns}
     )
     SELECT ${columns} FROM created UNION ALL SELECT ${columns} FROM users WHERE user_id = $1`,
    [userID, now],
  );
  const row = rows[0];
  if (!row) throw new LiaisonError(ErrorCode.INTERNAL);
  return { profile: toProfile(row), sigsValidFrom: Number(row.sigs_valid_from) };
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

/**
 * Sets the fields given and keeps the others. Custom fields are merged into the ones the profile
 * has ('' removes a key); more than ProfileLimits.CUSTOM_FIELDS_MAX keys in all is 2721. A user
 * may forbid themself to send friend requests, but lifting AdminForbid_Type_SendOut is 40004: it
 * may be an administrator's ban; `byAdmin` (the REST API's portrait_set) may lift it.
 */
export async function updateProfile(
  db: Database,
  userID: string,
  patch: OpRequestParsed<'updateMyProfile'>,
  byAdmin = false,
): Promise<Profile> {
  return db.transaction(async (tx) => {
    const [current] = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE user_id = $1 FOR UPDATE`, [
      userID,
    ]);
    if (!current) throw new LiaisonError(ErrorCode.USER_NOT_FOUND);
    if (
      !byAdmin &&
      patch.adminForbidType === AdminForbidType.NONE &&
      current.admin_forbid_type === AdminForbidType.SEND_OUT
    ) {
      throw new LiaisonError(
        ErrorCode.PROFILE_NEEDS_ADMIN,
        `${errorMessages[ErrorCode.PROFILE_NEEDS_ADMIN]}: adminForbidType`,
      );
    }
    const custom = mergedCustomFields(toProfile(current).profileCustomField ?? [], patch.profileCustomField ?? []);
    const rows = await tx.query<UserRow>(
      `UPDATE users SET nick = COALESCE($2, nick), avatar = COALESCE($3, avatar),
              self_signature = COALESCE($4, self_signature), allow_type = COALESCE($5, allow_type),
              gender = COALESCE($6, gender), birthday = COALESCE($7, birthday), location = COALESCE($8, location),
              language = COALESCE($9, language), message_settings = COALESCE($10, message_settings),
              admin_forbid_type = COALESCE($11, admin_forbid_type), level = COALESCE($12, level),
              role = COALESCE($13, role), profile_custom = $14::jsonb, updated_at = $15
        WHERE user_id = $1 RETURNING ${USER_COLUMNS}`,
      [
        userID,
        patch.nick ?? null,
        patch.avatar ?? null,
        patch.selfSignature ?? null,
        patch.allowType ?? null,
        patch.gender ?? null,
        patch.birthday ?? null,
        patch.location ?? null,
        patch.language ?? null,
        patch.messageSettings ?? null,
        patch.adminForbidType ?? null,
        patch.level ?? null,
        patch.role ?? null,
        JSON.stringify(custom),
        Date.now(),
      ],
    );
    const row = rows[0];
    if (!row) throw new LiaisonError(ErrorCode.USER_NOT_FOUND);
    return toProfile(row);
  });
}

function mergedCustomFields(
  current: ReadonlyArray<{ key: string; value: string }>,
  changes: ReadonlyArray<{ key: string; value: string }>,
): Record<string, string> {
  const merged = new Map(current.map(({ key, value }) => [key, value]));
  for (const { key, value } of changes) {
    if (value === '') merged.delete(key);
    else merged.set(key, value);
  }
  if (merged.size > ProfileLimits.CUSTOM_FIELDS_MAX) {
    throw new LiaisonError(
      ErrorCode.UPDATE_PROFILE_INVALID_PARAM,
      `${errorMessages[ErrorCode.UPDATE_PROFILE_INVALID_PARAM]}: a profile holds at most ${ProfileLimits.CUSTOM_FIELDS_MAX} custom fields`,
    );
  }
  return Object.fromEntries(merged);
}
