import { ErrorCode, FriendLimits, remarkBytes } from '@liaison/protocol';
import { type Friend, TYPES } from '@liaison/sdk';
import { useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '../common/ConfirmDialog';
import type { ContactsState } from '../core/contacts-store';
import { useKit } from '../core/kit-context';
import { showErrorToast, showSuccessToast } from '../core/toasts/toast-center';
import { useContacts } from '../core/use-contacts';
import { type ContactsT, useContactsText } from '../i18n/contacts-text';
import { CardFrame, CardMainActions } from './CardFrame';
import { friendName, friendSummary, type PersonSummary, personName, relationTo } from './contact-model';
import { enterConversation } from './enter-conversation';
import { useBusy } from './use-busy';

export interface UserCardProps {
  userID: string;
  /** What the list or search knew of the person; fetched when absent. */
  summary: PersonSummary | undefined;
  onBack(): void;
  onOpenConversation(conversationID: string): void;
}

/** spec portal.md §7: friend requests from this kit are made on the web. */
const ADD_SOURCE = 'AddSource_Type_Web';

const whole = (state: ContactsState) => state;

/**
 * A person's card (spec portal.md §6 "Contact card actions"): avatar, name and signature; a
 * friend's editable remark, send message, delete friend and the blocked-list switch; a request to
 * me, accept and reject; anyone else, add friend with a verification message and remark. The
 * blocked-list switch shows only for friends and users already blocked. Everything follows the
 * lists live, so an answer from the other side changes the card as it comes.
 */
export function UserCard({ userID, summary, onBack, onOpenConversation }: UserCardProps) {
  const { chat } = useKit();
  const t = useContactsText();
  const state = useContacts(whole);
  const relation = relationTo(state, userID);
  const { friend, isBlocked, applicationToMe, applicationByMe } = relation;
  const known = friend ? friendSummary(friend) : (summary ?? state.blockedProfiles.get(userID));
  const fetched = useProfile(userID, known === undefined);
  const person = known ?? fetched ?? { userID, nick: '', avatar: '' };
  const { busy, run } = useBusy();
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const switchLabelID = useId();
  const name = friend ? friendName(friend) : personName(person);

  const handleSendMessage = () =>
    run('open', async () => {
      const conversationID = `${TYPES.CONV_C2C}${userID}`;
      if (await enterConversation(chat, conversationID, t('enterFailed'))) onOpenConversation(conversationID);
    });
  const handleDelete = () =>
    run('delete', async () => {
      setConfirmingDelete(false);
      try {
        const { data } = await chat.deleteFriend({ userIDList: [userID] });
        const failure = data.failureUserIDList[0];
        if (failure) showErrorToast(chat, failure, t('deleteFriendFailed'));
        else showSuccessToast(chat, t('friendDeleted'));
      } catch (error) {
        showErrorToast(chat, error, t('deleteFriendFailed'));
      }
    });
  const handleBlock = () =>
    run('block', async () => {
      try {
        if (isBlocked) await chat.removeFromBlacklist({ userIDList: [userID] });
        else await chat.addToBlacklist({ userIDList: [userID] });
      } catch (error) {
        showErrorToast(chat, error, t(isBlocked ? 'unblockFailed' : 'blockFailed'));
      }
    });
  const handleAnswer = (accept: boolean) =>
    run(accept ? 'accept' : 'refuse', async () => {
      try {
        if (accept) {
          await chat.acceptFriendApplication({ userID, type: TYPES.SNS_APPLICATION_AGREE_AND_ADD });
          showSuccessToast(chat, t('friendAdded'));
        } else {
          await chat.refuseFriendApplication({ userID });
          showSuccessToast(chat, t('refused'));
        }
      } catch (error) {
        showErrorToast(chat, error, t(accept ? 'acceptFailed' : 'refuseFailed'));
      }
    });

  return (
    <CardFrame
      avatar={person.avatar}
      name={name}
      // No user ID: in the portal it is an internal one nobody knows a person by.
      facts={[[t('signatureLabel'), person.selfSignature ?? '']]}
      onBack={onBack}
    >
      {friend ? <RemarkField key={friend.remark} friend={friend} t={t} /> : null}
      {applicationToMe ? (
        <div className="lc-card__part">
          <p className="lc-card__label">{t('applicationToMe')}</p>
          {applicationToMe.wording ? (
            <blockquote className="lc-card__wording">
              <bdi>{applicationToMe.wording}</bdi>
            </blockquote>
          ) : null}
          <div className="lc-card__actions">
            <button
              type="button"
              className="lc-conv-button lc-conv-button--primary"
              disabled={busy !== null}
              onClick={() => void handleAnswer(true)}
            >
              {t('accept')}
            </button>
            <button
              type="button"
              className="lc-conv-button"
              disabled={busy !== null}
              onClick={() => void handleAnswer(false)}
            >
              {t('refuse')}
            </button>
          </div>
        </div>
      ) : null}
      {!friend && !applicationToMe ? (
        <AddFriendForm userID={userID} isWaiting={applicationByMe !== undefined} t={t} />
      ) : null}
      {friend || isBlocked ? (
        <div className="lc-card__part lc-card__switch-row">
          <span id={switchLabelID}>{t('blacklistSwitch')}</span>
          <button
            type="button"
            role="switch"
            aria-checked={isBlocked}
            aria-labelledby={switchLabelID}
            className="lc-card__switch"
            disabled={busy !== null}
            onClick={() => void handleBlock()}
          />
        </div>
      ) : null}
      {friend ? (
        <CardMainActions
          isBusy={busy !== null}
          primaryLabel={t('sendMessage')}
          onPrimary={() => void handleSendMessage()}
          dangerLabel={t('deleteFriend')}
          onDanger={() => setConfirmingDelete(true)}
        />
      ) : null}
      {isConfirmingDelete ? (
        <ConfirmDialog
          isDanger
          title={t('deleteFriend')}
          text={t('deleteFriendConfirm', { name })}
          onConfirm={() => void handleDelete()}
          onCancel={() => setConfirmingDelete(false)}
        />
      ) : null}
    </CardFrame>
  );
}

/** A friend's remark (spec portal.md §5): at most 96 bytes, a character beyond ASCII counting 2 (remarkBytes). */
function RemarkField({ friend, t }: { friend: Friend; t: ContactsT }) {
  const { chat } = useKit();
  const inputID = useId();
  const countID = useId();
  const [remark, setRemark] = useState(friend.remark);
  const { busy, run } = useBusy();
  const bytes = remarkBytes(remark);
  const isTooLong = bytes > FriendLimits.REMARK_MAX_BYTES;

  const handleSave = () =>
    run('remark', async () => {
      if (isTooLong) {
        showErrorToast(chat, { code: ErrorCode.FRIEND_REMARK_TOO_LONG, message: t('remarkTooLong') });
        return;
      }
      try {
        await chat.updateFriend({ userID: friend.userID, remark: remark.trim() });
        showSuccessToast(chat, t('remarkUpdated'));
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        // The rule's own text already says the change failed.
        showErrorToast(chat, error, code === ErrorCode.FRIEND_REMARK_TOO_LONG ? undefined : t('remarkFailed'));
      }
    });

  return (
    <form
      className="lc-card__part lc-card__remark"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void handleSave();
      }}
    >
      <label className="lc-card__label" htmlFor={inputID}>
        {t('remarkLabel')}
      </label>
      <div className="lc-card__inline">
        <input
          id={inputID}
          className="lc-conv-input"
          value={remark}
          autoComplete="off"
          aria-invalid={isTooLong ? true : undefined}
          aria-describedby={countID}
          onChange={(event) => setRemark(event.target.value)}
        />
        <button type="submit" className="lc-conv-button" disabled={busy !== null || remark === friend.remark}>
          {t('remarkSave')}
        </button>
      </div>
      <p id={countID} className={`lc-card__hint${isTooLong ? ' lc-card__hint--error' : ''}`}>
        {isTooLong ? t('remarkTooLong') : t('remarkBytes', { bytes })}
      </p>
    </form>
  );
}

/** Add friend (spec §4 "Friend request"): a verification message and a remark, then 'application sent'. */
function AddFriendForm({ userID, isWaiting, t }: { userID: string; isWaiting: boolean; t: ContactsT }) {
  const { chat } = useKit();
  const wordingID = useId();
  const remarkID = useId();
  const myNick = useMyNick();
  const [wording, setWording] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const { busy, run } = useBusy();
  const shownWording = wording ?? (myNick ? t('wordingDefault', { name: myNick }) : '');
  const isRemarkTooLong = remarkBytes(remark) > FriendLimits.REMARK_MAX_BYTES;

  const handleSend = () =>
    run('add', async () => {
      try {
        const { data } = await chat.addFriend({
          to: userID,
          source: ADD_SOURCE,
          wording: shownWording.trim(),
          remark: remark.trim(),
        });
        showSuccessToast(
          chat,
          t(data.code === ErrorCode.FRIEND_APPLICATION_PENDING ? 'applicationSent' : 'friendAdded'),
        );
      } catch (error) {
        showErrorToast(chat, error, t('applicationFailed'));
      }
    });

  return (
    <form
      className="lc-card__part"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void handleSend();
      }}
    >
      {isWaiting ? (
        <p className="lc-card__status" role="status">
          {t('applicationByMe')}
        </p>
      ) : null}
      <label className="lc-card__label" htmlFor={wordingID}>
        {t('wordingLabel')}
      </label>
      <textarea
        id={wordingID}
        className="lc-conv-input lc-card__textarea"
        rows={2}
        value={shownWording}
        onChange={(event) => setWording(event.target.value)}
      />
      <label className="lc-card__label" htmlFor={remarkID}>
        {t('addRemarkLabel')}
      </label>
      <input
        id={remarkID}
        className="lc-conv-input"
        value={remark}
        autoComplete="off"
        aria-invalid={isRemarkTooLong ? true : undefined}
        onChange={(event) => setRemark(event.target.value)}
      />
      {isRemarkTooLong ? <p className="lc-card__hint lc-card__hint--error">{t('remarkTooLong')}</p> : null}
      <div className="lc-card__actions">
        <button
          type="submit"
          className="lc-conv-button lc-conv-button--primary"
          disabled={busy !== null || isRemarkTooLong}
        >
          {t('addFriend')}
        </button>
      </div>
    </form>
  );
}

/** A person's profile, fetched once when `isNeeded` (a card opened from a bare ID). */
function useProfile(userID: string, isNeeded: boolean): PersonSummary | null {
  const { chat } = useKit();
  const [profile, setProfile] = useState<PersonSummary | null>(null);
  useEffect(() => {
    if (!isNeeded) return;
    let isCurrent = true;
    chat.getUserProfile({ userIDList: [userID] }).then(
      ({ data }) => {
        const found = data.find((p) => p.userID === userID);
        if (isCurrent && found) setProfile(found);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [chat, userID, isNeeded]);
  return profile;
}

/** The user's own nick, for the default verification message ('I am …'). */
function useMyNick(): string {
  const { chat } = useKit();
  const [nick, setNick] = useState('');
  useEffect(() => {
    let isCurrent = true;
    chat.getMyProfile().then(
      ({ data }) => isCurrent && setNick(data.nick || data.userID),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [chat]);
  return nick;
}
