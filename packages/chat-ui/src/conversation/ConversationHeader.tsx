import { TYPES } from '@liaison/sdk';
import { useId, useState } from 'react';
import { useKit } from '../kit/kit-context';
import { Dialog } from './Dialog';
import type { Point } from './menu-position';
import { PopupMenu } from './PopupMenu';
import { type ConversationT, useConversationText } from './use-conversation-text';
import './conversation.css';

export interface ConversationHeaderProps {
  /** Opens a conversation: `C2C<userID>` or `GROUP<groupID>`. */
  onSelect(conversationID: string): void;
}

type DialogKind = 'c2c' | 'group';

/**
 * The list's header (spec chat.md §2): start a one-to-one chat or a group chat. On desktop both are
 * buttons; on h5 they sit in a menu behind one "Start conversation" button.
 */
export function ConversationHeader({ onSelect }: ConversationHeaderProps) {
  const { isH5 } = useKit();
  const t = useConversationText();
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [menuPoint, setMenuPoint] = useState<Point | null>(null);

  const open = (conversationID: string) => {
    setDialog(null);
    onSelect(conversationID);
  };

  return (
    <div className="lc-conv-header" role="toolbar" aria-label={t('newConversation')}>
      {isH5 ? (
        <button
          type="button"
          className="lc-conv-header__button"
          aria-haspopup="menu"
          aria-expanded={menuPoint !== null}
          onClick={(event) => {
            const rect = event.currentTarget.getBoundingClientRect();
            setMenuPoint({ x: rect.left, y: rect.bottom });
          }}
        >
          {t('startConversation')}
        </button>
      ) : (
        <>
          <button type="button" className="lc-conv-header__button" onClick={() => setDialog('c2c')}>
            {t('startC2C')}
          </button>
          <button type="button" className="lc-conv-header__button" onClick={() => setDialog('group')}>
            {t('startGroup')}
          </button>
        </>
      )}
      {menuPoint ? (
        <PopupMenu
          label={t('startConversation')}
          point={menuPoint}
          onClose={() => setMenuPoint(null)}
          items={[
            { key: 'c2c', label: t('startC2C'), onSelect: () => setDialog('c2c') },
            { key: 'group', label: t('startGroup'), onSelect: () => setDialog('group') },
          ]}
        />
      ) : null}
      {dialog === 'c2c' ? <StartC2CDialog t={t} onOpen={open} onClose={() => setDialog(null)} /> : null}
      {dialog === 'group' ? <StartGroupDialog t={t} onOpen={open} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

interface StartDialogProps {
  t: ConversationT;
  onOpen(conversationID: string): void;
  onClose(): void;
}

function StartC2CDialog({ t, onOpen, onClose }: StartDialogProps) {
  const { chat } = useKit();
  const inputID = useId();
  const errorID = useId();
  const [userID, setUserID] = useState('');
  const { error, setError, isBusy, submit } = useDialogSubmit(t);

  const handleSubmit = () => {
    const id = userID.trim();
    if (!id) return setError(t('userIDRequired'));
    return submit(async () => {
      const { data } = await chat.getUserProfile({ userIDList: [id] });
      if (!data.some((profile) => profile.userID === id)) return t('userNotFound');
      onOpen(`${TYPES.CONV_C2C}${id}`);
      return null;
    });
  };

  return (
    <Dialog
      title={t('startC2C')}
      onClose={onClose}
      onSubmit={() => void handleSubmit()}
      actions={<DialogActions cancel={t('cancel')} submit={t('startChat')} isBusy={isBusy} onCancel={onClose} />}
    >
      <label className="lc-conv-field" htmlFor={inputID}>
        {t('userID')}
      </label>
      <input
        id={inputID}
        className="lc-conv-input"
        value={userID}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorID : undefined}
        onChange={(event) => setUserID(event.target.value)}
      />
      {error ? (
        <p id={errorID} className="lc-conv-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}

/** Member IDs typed as a list: commas (ASCII or Chinese), semicolons or spaces separate them. */
export function parseMemberIDs(text: string): string[] {
  return [...new Set(text.split(/[\s,，;；、]+/).filter(Boolean))];
}

function StartGroupDialog({ t, onOpen, onClose }: StartDialogProps) {
  const { chat } = useKit();
  const nameID = useId();
  const membersID = useId();
  const errorID = useId();
  const [name, setName] = useState('');
  const [members, setMembers] = useState('');
  const { error, setError, isBusy, submit } = useDialogSubmit(t);

  const handleSubmit = () => {
    const groupName = name.trim();
    if (!groupName) return setError(t('groupNameRequired'));
    return submit(async () => {
      const me = chat.getLoginUser();
      const memberList = parseMemberIDs(members)
        .filter((userID) => userID !== me)
        .map((userID) => ({ userID }));
      const { data } = await chat.createGroup({ type: TYPES.GRP_WORK, name: groupName, memberList });
      onOpen(`${TYPES.CONV_GROUP}${data.group.groupID}`);
      return null;
    });
  };

  return (
    <Dialog
      title={t('startGroup')}
      onClose={onClose}
      onSubmit={() => void handleSubmit()}
      actions={<DialogActions cancel={t('cancel')} submit={t('createGroup')} isBusy={isBusy} onCancel={onClose} />}
    >
      <label className="lc-conv-field" htmlFor={nameID}>
        {t('groupName')}
      </label>
      <input
        id={nameID}
        className="lc-conv-input"
        value={name}
        autoComplete="off"
        aria-invalid={error === t('groupNameRequired') ? true : undefined}
        aria-describedby={error ? errorID : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      {/* spec portal.md §5: the naming rule is a hint only, never enforced. */}
      <p className="lc-conv-field__hint">{t('groupNameHint')}</p>
      <label className="lc-conv-field" htmlFor={membersID}>
        {t('groupMembers')}
      </label>
      <input
        id={membersID}
        className="lc-conv-input"
        value={members}
        autoComplete="off"
        onChange={(event) => setMembers(event.target.value)}
      />
      {error ? (
        <p id={errorID} className="lc-conv-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}

function errorMessage(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}

/**
 * A dialog's request: `action` answers the error to show (or null); a refused request shows the
 * SDK's reason. The dialog is busy meanwhile. Form checks set their error at once, before it.
 */
function useDialogSubmit(t: ConversationT) {
  const [error, setError] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (action: () => Promise<string | null>) => {
    setIsBusy(true);
    setError('');
    try {
      setError((await action()) ?? '');
    } catch (reason) {
      setError(t('requestFailed', { message: errorMessage(reason) }));
    } finally {
      setIsBusy(false);
    }
  };
  return { error, setError, isBusy, submit };
}

/** Cancel and submit, as every dialog of the header ends. */
function DialogActions(props: { cancel: string; submit: string; isBusy: boolean; onCancel(): void }) {
  return (
    <>
      <button type="button" className="lc-conv-button" onClick={props.onCancel}>
        {props.cancel}
      </button>
      <button type="submit" className="lc-conv-button lc-conv-button--primary" disabled={props.isBusy}>
        {props.submit}
      </button>
    </>
  );
}
