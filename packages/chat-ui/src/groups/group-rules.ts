import { type Group, type GroupMember, TYPES } from '@liaison/sdk';

/** A member's role in a group (the reference SDK's GRP_MBR_ROLE_*). */
export type GroupRole = GroupMember['role'];

/** Owner > Admin > Member: nobody acts on an equal or a superior (docs/groups.md "Roles"). */
const RANK: Readonly<Record<GroupRole, number>> = { Owner: 3, Admin: 2, Member: 1 };

/** Whether `actor` ranks above `target`. */
export function outranks(actor: GroupRole, target: GroupRole): boolean {
  return RANK[actor] > RANK[target];
}

/**
 * What the group panel offers the logged-in user, by the group's type and their role (spec
 * portal.md §6 "Group roles", docs/groups.md "Roles"). The server decides in any case; these
 * only keep buttons away from people the server would refuse.
 */
export interface GroupAbilities {
  role: GroupRole | null;
  isOwner: boolean;
  /** The owner or an admin. */
  isManager: boolean;
  /** Name and notice: owner and admins; in Work groups every member. */
  canEditNameAndNotice: boolean;
  /** Introduction, avatar and mute-all: owner and admins. */
  canEditProfile: boolean;
  /** The add tile: only in Work groups (spec §6), where every member may invite. */
  canAddMembers: boolean;
  /** Removing members ranked below: owner and admins, never in a live group. */
  canRemoveMembers: boolean;
  /** The remove tile of the member preview: the owner (spec §2 "Member rows"). */
  hasRemoveTile: boolean;
  /** Muting members ranked below: owner and admins, never in Work groups. */
  canMuteMembers: boolean;
  /** Making and unmaking admins: the owner. */
  canSetAdmins: boolean;
  /** Transferring ownership: the owner, with someone to give it to, not in a live group. */
  canTransfer: boolean;
  /** Dismissing: the owner, of any type but Work. */
  canDismiss: boolean;
  /** Quitting: anyone the server lets go (not the owner of a group they could dismiss). */
  canQuit: boolean;
  /** The management tab (mute-all, admins, muted members): owner and admins, not in Work groups. */
  hasAdminTab: boolean;
}

export function groupAbilities(group: Group): GroupAbilities {
  const role = group.selfInfo?.role ?? null;
  const isOwner = role === TYPES.GRP_MBR_ROLE_OWNER;
  const isManager = isOwner || role === TYPES.GRP_MBR_ROLE_ADMIN;
  const isWork = group.type === TYPES.GRP_WORK;
  const isLive = group.type === TYPES.GRP_AVCHATROOM;
  const isMember = role !== null;
  return {
    role,
    isOwner,
    isManager,
    canEditNameAndNotice: isManager || (isWork && isMember),
    canEditProfile: isManager,
    canAddMembers: isWork && isMember,
    canRemoveMembers: isManager && !isLive,
    hasRemoveTile: isOwner && !isLive,
    canMuteMembers: isManager && !isWork,
    canSetAdmins: isOwner,
    canTransfer: isOwner && !isLive && group.memberCount > 1,
    canDismiss: isOwner && !isWork,
    canQuit: isMember && !(isOwner && !isWork),
    hasAdminTab: isManager && !isWork,
  };
}

/** What the viewer may do to one member (never to themselves, never to an equal or a superior). */
export interface MemberAbilities {
  canRemove: boolean;
  canMute: boolean;
  canSetAdmin: boolean;
  canMakeOwner: boolean;
  canEditNameCard: boolean;
}

export function memberAbilities(abilities: GroupAbilities, member: GroupMember, me: string): MemberAbilities {
  const isSelf = member.userID === me;
  const above = abilities.role !== null && !isSelf && outranks(abilities.role, member.role);
  return {
    canRemove: abilities.canRemoveMembers && above,
    canMute: abilities.canMuteMembers && above,
    canSetAdmin: abilities.canSetAdmins && above,
    canMakeOwner: abilities.canTransfer && !isSelf,
    canEditNameCard: isSelf || above,
  };
}

/**
 * How many member avatars the main tab previews (spec portal.md §2): 3, plus 1 in groups that
 * are not Work (no add tile there), plus 1 for non-owners (no remove tile for them).
 */
export function previewCount(group: Group): number {
  const isOwner = group.selfInfo?.role === TYPES.GRP_MBR_ROLE_OWNER;
  return 3 + (group.type !== TYPES.GRP_WORK ? 1 : 0) + (isOwner ? 0 : 1);
}

/** Whether a member (muteUntil) or I (selfInfo.muteTime), in seconds, are muted at `nowMs`. */
export function isMutedAt(muteUntilSeconds: number, nowMs: number): boolean {
  return muteUntilSeconds * 1000 > nowMs;
}

/**
 * Why I may not speak in the group now, if I may not: muted until a future time, or mute-all while
 * I am a plain member (spec chat.md §6; docs/groups.md "Sending").
 */
export function silenceOf(group: Group | null, nowMs: number): 'muted' | 'mutedAll' | null {
  const self = group?.selfInfo;
  if (!group || !self) return null;
  if (isMutedAt(self.muteTime, nowMs)) return 'muted';
  if (group.muteAllMembers && self.role === TYPES.GRP_MBR_ROLE_MEMBER) return 'mutedAll';
  return null;
}

/** The name a member goes by in the group: their alias there, their nick, else their ID. */
export function memberName(member: Pick<GroupMember, 'userID' | 'nick' | 'nameCard'>): string {
  return member.nameCard || member.nick || member.userID;
}
