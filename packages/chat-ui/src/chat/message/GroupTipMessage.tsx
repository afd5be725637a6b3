import { GroupTipOperation } from '@liaison/protocol';
import { useTranslation } from 'react-i18next';
import type { MessageOf } from './message-of';
import type { MessageRenderer } from './renderer-map';
import { useUserNames } from './user-names';

type TipPayload = MessageOf<'TIMGroupTipElem'>['payload'];

/**
 * The tip's line key and its values (spec §3 "group tip": join, quit, kicked, admin, profile
 * changes, a new owner, mute-all, a member muted or no longer muted).
 */
export function groupTipText(
  payload: TipPayload,
  /** The nick of a user the tip names by ID only (its operator, a new owner); the ID by default. */
  nameOf: (userID: string) => string = (userID) => userID,
): { key: string; names: string[]; value?: string } {
  const people = payload.userIDList.map((id, index) => payload.nickList[index] || nameOf(id));
  const names = people.length > 0 ? people : payload.operatorID ? [nameOf(payload.operatorID)] : [];
  switch (payload.operationType) {
    case GroupTipOperation.MEMBER_JOIN:
      return { key: 'tipJoin', names };
    case GroupTipOperation.MEMBER_QUIT:
      return { key: 'tipQuit', names };
    case GroupTipOperation.MEMBER_KICKED_OUT:
      return { key: 'tipKicked', names };
    case GroupTipOperation.SET_ADMIN:
      return { key: 'tipSetAdmin', names };
    case GroupTipOperation.CANCEL_ADMIN:
      return { key: 'tipCancelAdmin', names };
    case GroupTipOperation.GROUP_PROFILE_UPDATED: {
      const operator = payload.operatorID ? [nameOf(payload.operatorID)] : names;
      const profile = payload.newGroupProfile ?? {};
      if (typeof profile.name === 'string') return { key: 'tipGroupName', names: operator, value: profile.name };
      if (typeof profile.ownerID === 'string') {
        return { key: 'tipOwnerChanged', names: operator, value: nameOf(profile.ownerID) };
      }
      if (typeof profile.muteAllMembers === 'boolean') {
        return { key: profile.muteAllMembers ? 'tipMuteAllOn' : 'tipMuteAllOff', names: operator };
      }
      if ('notification' in profile) return { key: 'tipGroupNotice', names: operator };
      return { key: 'tipGroupProfile', names: operator };
    }
    case GroupTipOperation.MEMBER_PROFILE_UPDATED: {
      // A mute set (muteTime in seconds) or cancelled (0) for the members named.
      const mutes = payload.memberList ?? [];
      if (mutes.length > 0) return { key: mutes.some((m) => m.muteTime > 0) ? 'tipMuted' : 'tipUnmuted', names };
      return { key: 'tipMemberProfile', names };
    }
    default:
      return { key: 'tipOther', names };
  }
}

/** A tip names at most this many people; the rest are counted ('… and 118 others'). */
export const TIP_NAMES_SHOWN = 10;

/** A group tip, centred in the list: 'X joined the group', 'X left the group', … */
export const GroupTipMessage: MessageRenderer = ({ message }) => {
  const { t, i18n } = useTranslation('message');
  const { payload } = message as MessageOf<'TIMGroupTipElem'>;
  const owner = payload.newGroupProfile?.ownerID;
  const nameOf = useUserNames([payload.operatorID, typeof owner === 'string' ? owner : '']);
  const { key, names, value } = groupTipText(payload, nameOf);
  // A hundred people added at once would otherwise fill the screen with one line of names.
  const shown =
    names.length > TIP_NAMES_SHOWN
      ? [...names.slice(0, TIP_NAMES_SHOWN), t('tipOthers', { count: names.length - TIP_NAMES_SHOWN })]
      : names;
  const list = shown.length > 0 ? joinNames(shown, i18n.language) : t('someone');
  return <span className="lc-tip">{t(key, { names: list, value, count: Math.max(1, names.length) })}</span>;
};
GroupTipMessage.layout = 'centred';

/** Names as the language lists them ('A, B and C', 'A、B和C'). */
export function joinNames(names: readonly string[], language: string): string {
  try {
    return new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}
