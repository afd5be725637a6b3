import { type GroupProfile, GroupType, JoinOption } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { type GroupRow, toGroupProfile } from '../rows';

/**
 * What a user may see of a group. Members see everything. A non-member sees the public card of a
 * group they could ask to join (any type but Work, unless it refuses applications): ID, name,
 * type, avatar, introduction, member count and join option; never the notice, the owner or the
 * members. A Work group shows a non-member nothing (null).
 */
export function groupAsSeen(profile: GroupProfile): GroupProfile | null {
  if (profile.selfInfo) return profile;
  if (profile.type === GroupType.WORK || profile.joinOption === JoinOption.DISABLE_APPLY) return null;
  return publicCard(profile);
}

/**
 * The groups as a former member sees them in the conversation they keep (removed, quit, or the
 * group dismissed): the public card of any type, so the conversation still shows the name they
 * knew; dismissed groups included.
 */
export async function formerGroupProfiles(db: Sql, groupIDs: string[]): Promise<Map<string, GroupProfile>> {
  const result = new Map<string, GroupProfile>();
  if (groupIDs.length === 0) return result;
  const rows = await db.query<GroupRow>('SELECT * FROM groups WHERE group_id = ANY($1)', [groupIDs]);
  for (const row of rows) result.set(row.group_id, publicCard(toGroupProfile(row, null)));
  return result;
}

function publicCard(profile: GroupProfile): GroupProfile {
  return { ...profile, notification: '', ownerID: '', muteAllMembers: false, selfInfo: null };
}
