import { type GroupMember, TYPES } from '@liaison/sdk';
import { displayName, type Remarks } from '../../../core/display-name';

/** Someone the mention list offers: a member, or everyone (spec chat.md §3 "Group member"). */
export interface MentionCandidate {
  userID: string;
  /** What the mention reads after '@': the nick, or the ID without one (spec §4). */
  label: string;
  /** What the list shows: my remark for them, their alias in the group, their nick, else the ID. */
  name: string;
  nick: string;
  nameCard: string;
  avatar: string;
  isAll: boolean;
}

/** The list's members (never me), after the 'everyone' entry for the owner and admins (docs/groups.md). */
export function mentionCandidates(
  members: readonly Pick<GroupMember, 'userID' | 'nick' | 'nameCard' | 'avatar'>[],
  me: string,
  options: { canMentionAll: boolean; everyone: string; remarks: Remarks },
): MentionCandidate[] {
  const all: MentionCandidate[] = options.canMentionAll
    ? [
        {
          userID: TYPES.MSG_AT_ALL,
          label: options.everyone,
          name: options.everyone,
          nick: options.everyone,
          nameCard: '',
          avatar: '',
          isAll: true,
        },
      ]
    : [];
  return [
    ...all,
    ...members
      .filter((member) => member.userID !== me)
      .map((member) => ({
        userID: member.userID,
        label: member.nick || member.userID,
        name: displayName(member, options.remarks),
        nick: member.nick,
        nameCard: member.nameCard,
        avatar: member.avatar,
        isAll: false,
      })),
  ];
}

/**
 * spec chat.md §5: the list filters by nick or user ID prefix, ignoring case (the group alias and
 * my remark too, as the list shows them); with no match it shows everyone.
 */
export function filterMentions(candidates: readonly MentionCandidate[], query: string): readonly MentionCandidate[] {
  const key = query.toLowerCase();
  if (key === '') return candidates;
  const matched = candidates.filter((c) =>
    (c.isAll ? [c.label] : [c.name, c.nick, c.nameCard, c.userID]).some((text) => text.toLowerCase().startsWith(key)),
  );
  return matched.length > 0 ? matched : candidates;
}
