import type { Conversation } from '@liaison/sdk';
import { useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../common/Avatar';
import { Dialog } from '../../common/Dialog';
import { conversationAvatar, conversationName } from '../../conversations/conversation-display';
import { useKit } from '../../core/kit-context';
import { showErrorToast } from '../../core/toasts/toast-center';
import type { ConversationTextKey } from '../../i18n/conversation-text';
import type { ChatSession, ForwardRequest } from '../actions/chat-session';
import { asksForReadReceipts } from '../receipts/read-status';
import { forwardMessages } from './forward-messages';
import { mergedRecordText } from './merged-record';
import './forward.css';

export interface ForwardPanelProps {
  session: ChatSession;
  request: ForwardRequest;
}

/**
 * The forward panel (spec §2, §4): a picker of the user's conversations (system conversations and
 * groups they are no longer in left out) where several may be chosen; Send forwards to all of them at once, one by one or as a
 * merged record, then the panel closes and multi-select ends. Only the first failure is told.
 */
export function ForwardPanel({ session, request }: ForwardPanelProps) {
  const { chat, features, displayMessageReadReceipt = true } = useKit();
  const { t, i18n } = useTranslation('action');
  const { t: tc } = useTranslation('conversation');
  const conversations = useSyncExternalStore(
    chat.conversationStore.subscribe,
    chat.conversationStore.getSnapshot,
    chat.conversationStore.getSnapshot,
  ).filter(isForwardTarget);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [isSending, setSending] = useState(false);
  const listID = useId();

  const close = () => session.forward.set(null);
  const toggle = (conversationID: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(conversationID)) next.delete(conversationID);
      else next.add(conversationID);
      return next;
    });

  const handleSend = async () => {
    if (chosen.size === 0 || isSending) return;
    setSending(true);
    const merged = request.isMerged ? await mergedText() : undefined;
    const failure = await forwardMessages(chat, {
      messages: request.messages,
      targets: [...chosen],
      ...(merged ? { merged } : {}),
      needReadReceipt: (conversationID) =>
        asksForReadReceipts(chat.conversationStore.get(conversationID), {
          isAppEnabled: features.ReadStatus,
          isUserEnabled: displayMessageReadReceipt,
        }),
    });
    close();
    session.stopSelecting();
    // A known code reads as the catalogue says; anything else as 'Forward failed: <its message>'.
    if (failure !== null)
      showErrorToast(chat, { code: codeOf(failure), message: t('forwardFailed', { message: messageOf(failure) }) });
  };

  const mergedText = async () => {
    const source = chat.conversationStore.get(session.conversationID);
    const me = await chat.getMyProfile().then(
      ({ data }) => data.nick || data.userID,
      () => chat.getLoginUser(),
    );
    return mergedRecordText(request.messages, {
      conversationID: session.conversationID,
      myName: me,
      peerName: source ? conversationName(source) : session.conversationID.replace(/^C2C/, ''),
      language: i18n.language,
      text: (key, values) => t(key, values ?? {}),
      label: (key: ConversationTextKey, values) => tc(key, values ?? {}),
    });
  };

  return (
    <Dialog
      title={t(request.isMerged ? 'forwardMergedTitle' : 'forwardTitle')}
      onClose={close}
      onSubmit={() => void handleSend()}
      actions={
        <>
          <button type="button" className="lc-conv-button" onClick={close}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className="lc-conv-button lc-conv-button--primary"
            disabled={chosen.size === 0 || isSending}
          >
            {t(isSending ? 'forwardSending' : 'forwardSend')}
          </button>
        </>
      }
    >
      <p className="lc-forward__hint" id={listID}>
        {chosen.size > 0 ? t('forwardChosen', { count: chosen.size }) : t('forwardNoTarget')}
      </p>
      {conversations.length === 0 ? (
        <p className="lc-forward__empty">{t('forwardNoConversations')}</p>
      ) : (
        <ul className="lc-forward__list" aria-label={t('forwardTargets')} aria-describedby={listID}>
          {conversations.map((conversation) => (
            <li key={conversation.conversationID}>
              <label className="lc-forward__item">
                <input
                  type="checkbox"
                  className="lc-forward__check"
                  checked={chosen.has(conversation.conversationID)}
                  onChange={() => toggle(conversation.conversationID)}
                />
                <Avatar url={conversationAvatar(conversation)} size={28} isGroup={conversation.type === 'GROUP'} />
                <bdi className="lc-forward__name">{conversationName(conversation)}</bdi>
              </label>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function codeOf(failure: unknown): unknown {
  return (failure as { code?: unknown } | null)?.code;
}

function messageOf(failure: unknown): string {
  const message = (failure as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(failure);
}

/** Conversations a message may be forwarded to: one-to-one and groups I am in, never system conversations. */
export function isForwardTarget(conversation: Conversation): boolean {
  if (conversation.type === 'C2C') return true;
  // A group I quit, was removed from or that was dismissed keeps its history, but takes no messages;
  // nor does a community whose messages go to its topics (2115).
  return (
    conversation.type === 'GROUP' && conversation.operationType === 0 && !conversation.groupProfile?.isSupportTopic
  );
}
