import { type Group, TYPES } from '@liaison/sdk';
import { useCallback, useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '../common/ConfirmDialog';
import type { ContactsState } from '../core/contacts-store';
import { useKit } from '../core/kit-context';
import { showErrorToast, showSuccessToast } from '../core/toasts/toast-center';
import { useContacts } from '../core/use-contacts';
import { type ContactsT, useContactsText } from '../i18n/contacts-text';
import { CardFrame, CardMainActions } from './CardFrame';
import { enterConversation } from './enter-conversation';
import { useBusy } from './use-busy';

export interface GroupCardProps {
  groupID: string;
  /** The group as the list or search found it; looked up by ID when absent. */
  known: Group | undefined;
  onBack(): void;
  onOpenConversation(conversationID: string): void;
}

/**
 * A group's card (spec portal.md §6 "Contact card actions"): avatar, name, ID, type, members and
 * introduction. A member enters the conversation and quits, or, as the owner of a group that may be
 * dismissed (not Work), dismisses it; anyone else joins: a live group (AVChatRoom) at once, any
 * other with a verification message (spec §4 "Group join").
 */
export function GroupCard({ groupID, known, onBack, onOpenConversation }: GroupCardProps) {
  const { chat } = useKit();
  const t = useContactsText();
  const mine = useContacts(
    useCallback((state: ContactsState) => state.groups.find((g) => g.groupID === groupID), [groupID]),
  );
  const found = useGroup(groupID, known, mine === undefined);
  const group = mine ?? found;
  const isMember = Boolean(mine?.selfInfo);
  const { busy, run } = useBusy();
  const [confirming, setConfirming] = useState<'quit' | 'dismiss' | null>(null);

  if (!group) {
    return (
      <CardFrame avatar={undefined} isGroup name={groupID} facts={[]} onBack={onBack}>
        {null}
      </CardFrame>
    );
  }
  const name = group.name || group.groupID;
  const isOwner = group.selfInfo?.role === TYPES.GRP_MBR_ROLE_OWNER;
  // spec §6: the owner dissolves any group but a Work group; everyone else (and a Work owner) quits.
  const leave = isOwner && group.type !== TYPES.GRP_WORK ? 'dismiss' : 'quit';

  const handleEnter = () =>
    run('open', async () => {
      const conversationID = `${TYPES.CONV_GROUP}${groupID}`;
      if (await enterConversation(chat, conversationID, t('enterFailed'))) onOpenConversation(conversationID);
    });
  const handleLeave = (how: 'quit' | 'dismiss') =>
    run(how, async () => {
      setConfirming(null);
      try {
        if (how === 'dismiss') await chat.dismissGroup(groupID);
        else await chat.quitGroup(groupID);
        showSuccessToast(chat, t(how === 'dismiss' ? 'groupDismissed' : 'groupQuit'));
        onBack();
      } catch (error) {
        showErrorToast(chat, error, t(how === 'dismiss' ? 'dismissFailed' : 'quitFailed'));
      }
    });

  return (
    <CardFrame
      avatar={group.avatar}
      isGroup
      name={name}
      facts={[
        [t('idLabel'), group.groupID],
        [t('groupTypeLabel'), t(`type${group.type}`)],
        [t('memberCountLabel'), String(group.memberCount)],
        [t('introductionLabel'), group.introduction],
      ]}
      onBack={onBack}
    >
      {isMember ? (
        <CardMainActions
          isBusy={busy !== null}
          primaryLabel={t('enterConversation')}
          onPrimary={() => void handleEnter()}
          dangerLabel={t(leave === 'dismiss' ? 'dismissGroup' : 'quitGroup')}
          onDanger={() => setConfirming(leave)}
        />
      ) : (
        <JoinForm group={group} t={t} />
      )}
      {confirming ? (
        <ConfirmDialog
          isDanger
          title={t(confirming === 'dismiss' ? 'dismissGroup' : 'quitGroup')}
          text={t(confirming === 'dismiss' ? 'dismissConfirm' : 'quitConfirm', { name })}
          onConfirm={() => void handleLeave(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </CardFrame>
  );
}

/** Join (spec §4): a live group at once; any other group with a verification message. */
function JoinForm({ group, t }: { group: Group; t: ContactsT }) {
  const { chat } = useKit();
  const messageID = useId();
  const [applyMessage, setApplyMessage] = useState('');
  const { busy, run } = useBusy();
  const [hasApplied, setApplied] = useState(false);
  const isLive = group.type === TYPES.GRP_AVCHATROOM;

  const handleJoin = () =>
    run('join', async () => {
      try {
        const { data } = await chat.joinGroup(
          isLive
            ? { groupID: group.groupID, type: group.type }
            : { groupID: group.groupID, applyMessage: applyMessage.trim() },
        );
        // The request waits for an admin: the card says so instead of offering the form again.
        if (data.status === TYPES.JOIN_STATUS_WAIT_APPROVAL) setApplied(true);
        showSuccessToast(
          chat,
          t(
            data.status === TYPES.JOIN_STATUS_WAIT_APPROVAL
              ? 'joinWaiting'
              : data.status === TYPES.JOIN_STATUS_ALREADY_IN_GROUP
                ? 'alreadyMember'
                : 'joined',
          ),
        );
      } catch (error) {
        showErrorToast(chat, error, t('joinFailed'));
      }
    });

  if (hasApplied) {
    return (
      <div className="lc-card__part">
        <p className="lc-card__status" role="status">
          {t('joinWaiting')}
        </p>
        <div className="lc-card__actions">
          <button type="button" className="lc-conv-button" disabled>
            {t('joinApplied')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="lc-card__part"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void handleJoin();
      }}
    >
      {isLive ? null : (
        <>
          <label className="lc-card__label" htmlFor={messageID}>
            {t('joinMessageLabel')}
          </label>
          <textarea
            id={messageID}
            className="lc-conv-input lc-card__textarea"
            rows={2}
            value={applyMessage}
            onChange={(event) => setApplyMessage(event.target.value)}
          />
        </>
      )}
      <div className="lc-card__actions">
        <button type="submit" className="lc-conv-button lc-conv-button--primary" disabled={busy !== null}>
          {t(isLive ? 'joinLiveGroup' : 'joinGroup')}
        </button>
      </div>
    </form>
  );
}

/** The group as given, or looked up by ID when `isNeeded` and nothing was given. */
function useGroup(groupID: string, known: Group | undefined, isNeeded: boolean): Group | undefined {
  const { chat } = useKit();
  const [found, setFound] = useState<Group | undefined>(known);
  useEffect(() => {
    if (!isNeeded || found) return;
    let isCurrent = true;
    chat.searchGroupByID(groupID).then(
      ({ data }) => isCurrent && setFound(data.group),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [chat, groupID, isNeeded, found]);
  return found;
}
