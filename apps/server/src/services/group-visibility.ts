import { type GroupProfile, GroupType, JoinOption } from '@liaison/protocol';

/**
 * What a user may see of a group. Members see everything. A non-member sees the public card of a
 * group they could ask to join (any type but Work, unless it refuses applications): ID, name,
 * type, avatar, introduction, member count and join option; never the notice, the owner or the
 * members. A Work group shows a non-member nothing (null).
 */
export function groupAsSeen(profile: GroupProfile): GroupProfile | null {
  if (profile.selfInfo) return profile;
  if (profile.type === GroupType.WORK || profile.joinOption === JoinOption.DISABLE_APPLY) return null;
  return { ...profile, notification: '', ownerID: '', muteAllMembers: false, selfInfo: null };
}
