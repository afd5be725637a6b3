import type { GroupType } from '@liaison/protocol';
import { TYPES } from '@liaison/sdk';
import { useId, useState } from 'react';
import { Dialog } from '../common/Dialog';
import { useKit } from '../core/kit-context';
import { showErrorToast, showSuccessToast } from '../core/toasts/toast-center';
import { type ContactsT, useContactsText } from '../i18n/contacts-text';
import { enterConversation } from './enter-conversation';
import { FriendPicker, type PickedPerson } from './FriendPicker';
import { useBusy } from './use-busy';

export interface StartConversationDialogProps {
  /** One-to-one: one person, radio buttons. Group: several, then the group's name, type and ID. */
  mode: 'c2c' | 'group';
  /** Opens the new conversation (`C2C<userID>` or `GROUP<groupID>`). */
  onOpen(conversationID: string): void;
  onClose(): void;
}

/** The create-group form's types, in the reference kit's order. */
const GROUP_TYPES: readonly GroupType[] = [
  TYPES.GRP_WORK,
  TYPES.GRP_PUBLIC,
  TYPES.GRP_MEETING,
  TYPES.GRP_COMMUNITY,
  TYPES.GRP_AVCHATROOM,
];

/**
 * Start a conversation (spec chat.md §4 "Create conversation"): pick from friends and found users
 * (one for a one-to-one chat, several for a group); nothing chosen, nothing happens. One-to-one
 * opens C2C + userID. A group goes on to its name (required: 'Create' stays disabled while it is
 * empty; the naming rule is a hint only, spec portal.md §5), type and optional ID (not for
 * Community, which may instead support topics), is created with the chosen members, says 'group
 * created' and opens GROUP + groupID.
 */
export function StartConversationDialog({ mode, onOpen, onClose }: StartConversationDialogProps) {
  const { chat } = useKit();
  const t = useContactsText();
  const [chosen, setChosen] = useState<PickedPerson[]>([]);
  const [step, setStep] = useState<'pick' | 'group'>('pick');
  const [draft, setDraft] = useState<GroupDraft>({
    name: '',
    type: TYPES.GRP_WORK,
    groupID: '',
    isSupportTopic: false,
  });
  const { busy, run } = useBusy();

  const handleStartC2C = () =>
    run('open', async () => {
      const person = chosen[0];
      if (!person) return;
      const conversationID = `${TYPES.CONV_C2C}${person.userID}`;
      if (await enterConversation(chat, conversationID, t('enterFailed'))) onOpen(conversationID);
    });
  const handleCreate = () =>
    run('create', async () => {
      const name = draft.name.trim();
      if (!name || chosen.length === 0) return;
      const isCommunity = draft.type === TYPES.GRP_COMMUNITY;
      const groupID = isCommunity ? '' : draft.groupID.trim();
      try {
        const { data } = await chat.createGroup({
          type: draft.type,
          name,
          ...(groupID ? { groupID } : {}),
          ...(isCommunity && draft.isSupportTopic ? { isSupportTopic: true } : {}),
          memberList: chosen.map(({ userID }) => ({ userID })),
        });
        showSuccessToast(chat, t('groupCreated'));
        onOpen(`${TYPES.CONV_GROUP}${data.group.groupID}`);
      } catch (error) {
        // spec portal.md §8: on failure the error's own message is shown.
        showErrorToast(chat, error);
      }
    });

  if (mode === 'c2c') {
    return (
      <Dialog
        title={t('pickC2CTitle')}
        className="lc-picker-dialog"
        onClose={onClose}
        onSubmit={() => void handleStartC2C()}
        actions={
          <Actions t={t} submit={t('startChat')} isDisabled={chosen.length === 0 || busy !== null} onBack={onClose} />
        }
      >
        <FriendPicker isMultiple={false} chosen={chosen} onChange={setChosen} />
      </Dialog>
    );
  }
  if (step === 'pick') {
    return (
      <Dialog
        key="pick"
        title={t('pickGroupTitle')}
        className="lc-picker-dialog"
        onClose={onClose}
        onSubmit={() => chosen.length > 0 && setStep('group')}
        actions={<Actions t={t} submit={t('next')} isDisabled={chosen.length === 0} onBack={onClose} />}
      >
        <FriendPicker isMultiple chosen={chosen} onChange={setChosen} />
      </Dialog>
    );
  }
  return (
    <Dialog
      key="group"
      title={t('createGroupTitle')}
      className="lc-create-group-dialog"
      onClose={onClose}
      onSubmit={() => void handleCreate()}
      actions={
        <Actions
          t={t}
          back={t('back')}
          submit={t('create')}
          isDisabled={draft.name.trim() === '' || busy !== null}
          onBack={() => setStep('pick')}
        />
      }
    >
      <CreateGroupFields draft={draft} onChange={setDraft} members={chosen} t={t} />
    </Dialog>
  );
}

interface GroupDraft {
  name: string;
  type: GroupType;
  groupID: string;
  /** Community only: its messages go to topics (Tencent's isSupportTopic). */
  isSupportTopic: boolean;
}

function CreateGroupFields(props: {
  draft: GroupDraft;
  onChange(draft: GroupDraft): void;
  members: readonly PickedPerson[];
  t: ContactsT;
}) {
  const { draft, onChange, members, t } = props;
  const nameID = useId();
  const hintID = useId();
  const typeID = useId();
  const groupIDID = useId();
  const topicNameID = useId();
  const topicAboutID = useId();
  return (
    <div className="lc-create-group">
      <p className="lc-create-group__members">
        {t('groupMembers', { names: members.map((m) => m.name).join(t('listSeparator')) })}
      </p>
      <label className="lc-conv-field" htmlFor={nameID}>
        {t('groupNameLabel')}
      </label>
      <input
        id={nameID}
        className="lc-conv-input"
        value={draft.name}
        autoComplete="off"
        required
        aria-describedby={hintID}
        onChange={(event) => onChange({ ...draft, name: event.target.value })}
      />
      <p id={hintID} className="lc-conv-field__hint">
        {t('groupNameHint')}
      </p>
      <fieldset className="lc-create-group__types" aria-labelledby={typeID}>
        <legend id={typeID} className="lc-conv-field">
          {t('groupTypeLabel')}
        </legend>
        {GROUP_TYPES.map((type) => (
          <label key={type} className="lc-create-group__type">
            <input
              type="radio"
              name={typeID}
              value={type}
              checked={draft.type === type}
              onChange={() => onChange({ ...draft, type })}
            />
            <span>
              <span className="lc-create-group__type-name">{t(`type${type}`)}</span>
              <span className="lc-create-group__type-about">{t(`about${type}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {draft.type === TYPES.GRP_COMMUNITY ? (
        <label className="lc-create-group__topics">
          <input
            type="checkbox"
            checked={draft.isSupportTopic}
            aria-labelledby={topicNameID}
            aria-describedby={topicAboutID}
            onChange={(event) => onChange({ ...draft, isSupportTopic: event.target.checked })}
          />
          <span>
            <span id={topicNameID} className="lc-create-group__type-name">
              {t('supportTopicLabel')}
            </span>
            <span id={topicAboutID} className="lc-create-group__type-about">
              {t('supportTopicAbout')}
            </span>
          </span>
        </label>
      ) : (
        <>
          <label className="lc-conv-field" htmlFor={groupIDID}>
            {t('groupIDLabel')}
          </label>
          <input
            id={groupIDID}
            className="lc-conv-input"
            value={draft.groupID}
            autoComplete="off"
            onChange={(event) => onChange({ ...draft, groupID: event.target.value })}
          />
        </>
      )}
    </div>
  );
}

/** Back (or cancel) and the step's submit button, disabled while there is nothing to submit. */
function Actions(props: { t: ContactsT; back?: string; submit: string; isDisabled: boolean; onBack(): void }) {
  return (
    <>
      <button type="button" className="lc-conv-button" onClick={props.onBack}>
        {props.back ?? props.t('cancel')}
      </button>
      <button type="submit" className="lc-conv-button lc-conv-button--primary" disabled={props.isDisabled}>
        {props.submit}
      </button>
    </>
  );
}
