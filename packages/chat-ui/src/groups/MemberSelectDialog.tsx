import type { GroupMember } from '@liaison/sdk';
import { useId, useMemo, useState } from 'react';
import { Avatar } from '../common/Avatar';
import { Dialog } from '../common/Dialog';
import { useKit } from '../core/kit-context';
import { showErrorToast } from '../core/toasts/toast-center';
import { useGroupText } from '../i18n/group-text';
import { memberName } from './group-rules';
import { MemberBadges } from './MemberBadges';
import { useGroupMembers } from './use-group-members';
import './group.css';

export interface MemberSelectDialogProps {
  groupID: string;
  title: string;
  /** Several members (checkboxes) or one (radio buttons). */
  isMultiple: boolean;
  /** Who may be chosen (e.g. members ranked below me); the others are not listed. */
  isSelectable(member: GroupMember): boolean;
  /** With isMultiple, how many may be chosen at most: once reached, the others' boxes turn off. */
  maxSelected?: number;
  /** Shown once maxSelected is reached (e.g. why there is a cap). */
  limitNote?: string;
  /** The confirm button's text; 'Confirm' unless given. */
  confirmLabel?: string;
  onConfirm(members: GroupMember[]): void;
  onClose(): void;
}

/**
 * The member select dialog (spec portal.md §2): the group's members, 100 a page, filtered as the
 * search box is typed (nick, alias or ID, by prefix, ignoring case); Enter looks a user ID up in
 * the whole group, and someone not in it is toasted 'user not in group' (spec §5). Also the
 * member selector of a group call (spec chat.md §2), capped by `maxSelected`.
 */
export function MemberSelectDialog(props: MemberSelectDialogProps) {
  const { chat } = useKit();
  const t = useGroupText();
  const radioName = useId();
  const { members, hasMore, isLoading, loadMore } = useGroupMembers(props.groupID);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<GroupMember[]>([]);
  const [chosen, setChosen] = useState<GroupMember[]>([]);
  const nowMs = Date.now();
  const max = props.isMultiple ? props.maxSelected : undefined;
  const isFull = max !== undefined && chosen.length >= max;

  const candidates = useMemo(() => {
    const key = query.trim().toLowerCase();
    const all = [...members, ...found.filter((f) => !members.some((m) => m.userID === f.userID))];
    return all.filter(
      (member) =>
        props.isSelectable(member) &&
        (key === '' ||
          [memberName(member), member.nick, member.userID].some((text) => text.toLowerCase().startsWith(key))),
    );
  }, [members, found, query, props.isSelectable]);

  const lookUp = async () => {
    const userID = query.trim();
    if (userID === '' || candidates.length > 0) return;
    const list = await chat
      .getGroupMemberProfile({ groupID: props.groupID, userIDList: [userID] })
      .then(({ data }) => data.memberList.filter((m) => m.userID === userID))
      .catch(() => []);
    setFound((current) => [...current, ...list]);
    // spec portal.md §5: removing (or choosing) by search someone not in the group.
    if (list.length === 0) showErrorToast(chat, new Error(t('userNotInGroup')));
  };

  const toggle = (member: GroupMember) => {
    if (!props.isMultiple) setChosen([member]);
    else if (chosen.some((c) => c.userID === member.userID))
      setChosen(chosen.filter((c) => c.userID !== member.userID));
    else if (!isFull) setChosen([...chosen, member]);
  };

  return (
    <Dialog
      title={props.title}
      className="lc-group-select"
      onClose={props.onClose}
      actions={
        <>
          <span className="lc-group-select__count" aria-live="polite">
            {max === undefined
              ? t('selectedCount', { count: chosen.length })
              : t('selectedCountOfMax', { count: chosen.length, max })}
          </span>
          <button type="button" className="lc-conv-button" onClick={props.onClose}>
            {t('cancel')}
          </button>
          <button
            type="button"
            className="lc-conv-button lc-conv-button--primary"
            disabled={chosen.length === 0}
            onClick={() => props.onConfirm(chosen)}
          >
            {props.confirmLabel ?? t('confirm')}
          </button>
        </>
      }
    >
      <input
        type="search"
        className="lc-conv-input"
        aria-label={t('searchMembers')}
        placeholder={t('searchMembers')}
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
          event.preventDefault();
          void lookUp();
        }}
      />
      {isFull && props.limitNote ? <p className="lc-group__note">{props.limitNote}</p> : null}
      <ul className="lc-group-select__list" aria-label={props.title}>
        {candidates.map((member) => {
          const name = memberName(member);
          const isChosen = chosen.some((c) => c.userID === member.userID);
          return (
            <li key={member.userID}>
              <label className="lc-group-select__item">
                <input
                  type={props.isMultiple ? 'checkbox' : 'radio'}
                  name={props.isMultiple ? undefined : radioName}
                  checked={isChosen}
                  disabled={isFull && !isChosen}
                  onChange={() => toggle(member)}
                />
                <Avatar url={member.avatar} size={28} />
                <bdi className="lc-group__name">{name}</bdi>
                <MemberBadges member={member} nowMs={nowMs} />
              </label>
            </li>
          );
        })}
      </ul>
      {!isLoading && candidates.length === 0 ? <p className="lc-group__note">{t('noMembersToChoose')}</p> : null}
      {hasMore ? (
        <button type="button" className="lc-link-button lc-group__more" disabled={isLoading} onClick={loadMore}>
          {isLoading ? t('loading') : t('loadMore')}
        </button>
      ) : null}
    </Dialog>
  );
}
