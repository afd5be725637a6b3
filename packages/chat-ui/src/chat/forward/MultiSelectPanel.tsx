import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../common/Dialog';
import { useStoreValue } from '../../common/value-store';
import { useKit } from '../../core/kit-context';
import { showErrorToast } from '../../core/toasts/toast-center';
import type { ChatSession } from '../actions/chat-session';
import { getMessageStore } from '../message-list/message-store';
import { inTimeOrder } from './forward-messages';
import './forward.css';

/**
 * The bottom panel in multi-select mode (spec §2): how many messages are picked, forward them one
 * by one or merged, delete them (for me, after a confirmation), or leave multi-select. Forwarding
 * nothing says 'No messages selected' (未选择消息).
 */
export function MultiSelectPanel({ session }: { session: ChatSession }) {
  const { chat } = useKit();
  const { t } = useTranslation('action');
  const messageIDs = useStoreValue(session.selection, (selection) => selection.messageIDs);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const store = getMessageStore(chat, session.conversationID);

  const selected = () => {
    const list = store.getSnapshot().messages.filter((m) => messageIDs.has(m.ID) && m.status === 'success');
    return inTimeOrder(list);
  };

  const handleForward = (isMerged: boolean) => {
    const messages = selected();
    if (messages.length === 0) {
      showErrorToast(chat, { message: t('noMessagesSelected') });
      return;
    }
    session.forward.set({ messages, isMerged });
  };

  const handleDelete = () => {
    if (selected().length === 0) {
      showErrorToast(chat, { message: t('noMessagesSelected') });
      return;
    }
    setConfirmingDelete(true);
  };

  const confirmDelete = () => {
    setConfirmingDelete(false);
    const ids = selected().map((m) => m.ID);
    session.stopSelecting();
    store.remove(ids).catch((error: unknown) => showErrorToast(chat, error));
  };

  return (
    <div className="lc-multiselect" role="toolbar" aria-label={t('multiSelectActions')}>
      <p className="lc-multiselect__count" aria-live="polite">
        {t('selectedCount', { count: messageIDs.size })}
      </p>
      <div className="lc-multiselect__actions">
        <button type="button" className="lc-conv-button" onClick={() => handleForward(false)}>
          {t('forwardOneByOne')}
        </button>
        <button type="button" className="lc-conv-button" onClick={() => handleForward(true)}>
          {t('forwardMerged')}
        </button>
        <button type="button" className="lc-conv-button" onClick={handleDelete}>
          {t('deleteSelected')}
        </button>
        <button type="button" className="lc-conv-button" onClick={() => session.stopSelecting()}>
          {t('cancel')}
        </button>
      </div>
      {isConfirmingDelete && (
        <Dialog
          title={t('deleteTitle')}
          onClose={() => setConfirmingDelete(false)}
          actions={
            <>
              <button type="button" className="lc-conv-button" onClick={() => setConfirmingDelete(false)}>
                {t('cancel')}
              </button>
              <button type="button" className="lc-conv-button lc-conv-button--danger" onClick={confirmDelete}>
                {t('confirm')}
              </button>
            </>
          }
        >
          <p>{t('deleteConfirm', { count: selected().length })}</p>
        </Dialog>
      )}
    </div>
  );
}
