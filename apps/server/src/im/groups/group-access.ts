import {
  CALLER_NOT_IN_GROUP_MESSAGE,
  ErrorCode,
  type GroupRole,
  type GroupType,
  type JoinOption,
  LiaisonError,
} from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';

/** Who outranks whom: owner > admin > member (spec portal.md §6). Lower is higher. */
const RANK: Record<GroupRole, number> = { Owner: 0, Admin: 1, Member: 2 };

export interface GroupFacts {
  groupID: string;
  type: GroupType;
  name: string;
  ownerID: string;
  joinOption: JoinOption;
  maxMembers: number;
  memberCount: number;
  muteAll: boolean;
}

export interface MemberFacts {
  userID: string;
  role: GroupRole;
  /** Milliseconds; muted while in the future. */
  muteUntil: number;
}

interface GroupRowWithActor {
  group_id: string;
  type: string;
  name: string;
  owner_id: string;
  join_option: string;
  max_members: number;
  member_count: number;
  mute_all: boolean;
  actor: string | null;
  role: string | null;
  mute_until: unknown;
}

/**
 * A live group and the actor's membership of it, by key, in one query: no member list is read.
 * With `lock`, the group row is held for the caller's transaction, so changes to one group's
 * membership and roles happen one after another. A dismissed or unknown group is 10010.
 */
export async function loadGroup(
  db: Sql,
  groupID: string,
  actorID: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<{ group: GroupFacts; actor: MemberFacts | null }> {
  const [row] = await db.query<GroupRowWithActor>(
    `SELECT g.group_id, g.type, g.name, g.owner_id, g.join_option, g.max_members, g.member_count, g.mute_all,
            m.user_id AS actor, m.role, m.mute_until
       FROM groups g LEFT JOIN group_members m ON m.group_id = g.group_id AND m.user_id = $2
      WHERE g.group_id = $1 AND g.dismissed_at IS NULL
      ${lock ? 'FOR UPDATE OF g' : ''}`,
    [groupID, actorID],
  );
  if (!row) throw new LiaisonError(ErrorCode.GROUP_NOT_FOUND);
  return {
    group: {
      groupID: row.group_id,
      type: row.type as GroupType,
      name: row.name,
      ownerID: row.owner_id,
      joinOption: row.join_option as JoinOption,
      maxMembers: row.max_members,
      memberCount: row.member_count,
      muteAll: row.mute_all,
    },
    actor:
      row.actor && row.role
        ? { userID: row.actor, role: row.role as GroupRole, muteUntil: toNumber(row.mute_until) }
        : null,
  };
}

/** The group and the actor, who must be a member (10011 otherwise). */
export async function loadAsMember(
  db: Sql,
  groupID: string,
  actorID: string,
  options: { lock?: boolean } = {},
): Promise<{ group: GroupFacts; actor: MemberFacts }> {
  const { group, actor } = await loadGroup(db, groupID, actorID, options);
  if (!actor) throw new LiaisonError(ErrorCode.GROUP_NOT_MEMBER, CALLER_NOT_IN_GROUP_MESSAGE);
  return { group, actor };
}

/** These users' memberships of the group, by key (absent: not a member). */
export async function membersOf(
  db: Sql,
  groupID: string,
  userIDs: readonly string[],
): Promise<Map<string, MemberFacts>> {
  if (userIDs.length === 0) return new Map();
  const rows = await db.query<{ user_id: string; role: string; mute_until: unknown }>(
    'SELECT user_id, role, mute_until FROM group_members WHERE group_id = $1 AND user_id = ANY($2)',
    [groupID, [...userIDs]],
  );
  return new Map(
    rows.map((r) => [r.user_id, { userID: r.user_id, role: r.role as GroupRole, muteUntil: toNumber(r.mute_until) }]),
  );
}

/** The owner and admins (who handle join requests), from the role index: never the whole list. */
export async function managersOf(db: Sql, groupID: string): Promise<string[]> {
  const rows = await db.query<{ user_id: string }>(
    'SELECT user_id FROM group_members WHERE group_id = $1 AND role_rank < 2',
    [groupID],
  );
  return rows.map((r) => r.user_id);
}

export function isManager(member: MemberFacts | null): boolean {
  return member !== null && RANK[member.role] < RANK.Member;
}

/** Strictly above: nobody acts on an equal or a superior. */
export function outranks(actor: MemberFacts, target: MemberFacts): boolean {
  return RANK[actor.role] < RANK[target.role];
}

export function requireManager(actor: MemberFacts, what: string): void {
  if (!isManager(actor)) throw noPermission(`only the owner or an admin may ${what}`);
}

export function requireOwner(actor: MemberFacts, what: string): void {
  if (actor.role !== 'Owner') throw noPermission(`only the owner may ${what}`);
}

export function noPermission(detail: string): LiaisonError {
  return new LiaisonError(ErrorCode.GROUP_NO_PERMISSION, `No permission for this group operation: ${detail}`);
}

export function invalid(detail: string): LiaisonError {
  return new LiaisonError(ErrorCode.GROUP_INVALID_PARAMS, detail);
}
