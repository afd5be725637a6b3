import { type GroupProfile, GroupType, JoinOption } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { GROUP_LAST_MESSAGE_SQL, type GroupRow, type MemberRow, NO_GROUP_LAST_MESSAGE, toGroupProfile } from '../rows';

/**
 * What a user may see of a group. Members see everything. A non-member sees the public card of a
 * group they could ask to join (any type but Work, unless it refuses applications): ID, name,
 * type, avatar, introduction, member count and join option; never the notice, the owner, the
 * custom fields, the last message or the members. A Work group shows a non-member nothing (null).
 */
export function groupAsSeen(profile: GroupProfile): GroupProfile | null {
  if (profile.selfInfo) return profile;
  if (profile.type === GroupType.WORK || profile.joinOption === JoinOption.DISABLE_APPLY) return null;
  return publicCard(profile);
}

/**
 * Group profiles as userID may see them (selfInfo filled when they are a member); groups they may
 * not see are left out (see groupAsSeen).
 */
export async function groupProfilesFor(
  db: Sql,
  userID: string,
  groupIDs: string[],
): Promise<Map<string, GroupProfile>> {
  const result = new Map<string, GroupProfile>();
  if (groupIDs.length === 0) return result;
  const rows = await db.query<
    GroupRow & Partial<MemberRow> & { remind_type: string | null; member_user: string | null }
  >(
    `SELECT g.*, m.user_id AS member_user, m.role, m.join_time, m.name_card, m.mute_until, uc.remind_type,
            ${GROUP_LAST_MESSAGE_SQL.columns}
       FROM groups g
       LEFT JOIN group_members m ON m.group_id = g.group_id AND m.user_id = $1
       LEFT JOIN user_conversations uc ON uc.user_id = $1 AND uc.conv_key = 'g:' || g.group_id
       ${GROUP_LAST_MESSAGE_SQL.joins}
      WHERE g.group_id = ANY($2) AND g.dismissed_at IS NULL`,
    [userID, groupIDs],
  );
  for (const row of rows) {
    const self =
      row.member_user && row.role
        ? {
            user_id: row.member_user,
            role: row.role,
            join_time: row.join_time,
            name_card: row.name_card ?? '',
            mute_until: row.mute_until ?? 0,
            remind_type: row.remind_type ?? 'AcceptAndNotify',
          }
        : null;
    const seen = groupAsSeen(toGroupProfile(row, self));
    if (seen) result.set(row.group_id, seen);
  }
  return result;
}

/**
 * The groups as a former member sees them in the conversation they keep (removed, quit, or the
 * group dismissed): the public card of any type, so the conversation still shows the name they
 * knew; dismissed groups included.
 */
export async function formerGroupProfiles(db: Sql, groupIDs: string[]): Promise<Map<string, GroupProfile>> {
  const result = new Map<string, GroupProfile>();
  if (groupIDs.length === 0) return result;
  const rows = await db.query<GroupRow>(
    `SELECT g.*, c.max_seq FROM groups g LEFT JOIN conversations c ON c.conv_key = 'g:' || g.group_id
      WHERE g.group_id = ANY($1)`,
    [groupIDs],
  );
  for (const row of rows) result.set(row.group_id, publicCard(toGroupProfile(row, null)));
  return result;
}

function publicCard(profile: GroupProfile): GroupProfile {
  return {
    ...profile,
    notification: '',
    ownerID: '',
    muteAllMembers: false,
    selfInfo: null,
    groupCustomField: [],
    lastMessage: NO_GROUP_LAST_MESSAGE,
  };
}
