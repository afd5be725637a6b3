import { type Conversation, TYPES } from '@liaison/sdk';
import { useCallback, useRef, useState } from 'react';
import { Dialog } from '../common/Dialog';
import type { Point } from '../common/menu-position';
import { PopupMenu, type PopupMenuItem } from '../common/PopupMenu';
import { listedConversationID, topicOfConversation } from '../core/conversation-group';
import { useRemarks } from '../core/display-name';
import { useKit } from '../core/kit-context';
import { ConversationItem } from './ConversationItem';
import { useListedConversations } from './community-row';
import { conversationName, NAME_SLOT, sentenceWithName, visibleDraft } from './conversation-display';
import { Isolated } from './Isolated';
import { type ConversationT, useConversationText } from './use-conversation-text';
import { useToday } from './use-today';
import './conversation.css';

export interface ConversationListProps {
  /** The open conversation (a community's topic is open under its community's row). */
  activeConversationID: string | null;
  onSelect(conversationID: string): void;
  /** Called after a conversation was deleted from the list (e.g. to close it if it was open). */
  onDelete?(conversationID: string): void;
}

/**
 * The conversation list (spec chat.md §2, §4): the SDK's list, pinned first, newest first (a
 * community with topics by its newest topic message); a click opens a conversation; right-click or
 * a long press opens its actions (delete, pin, mute).
 */
export function ConversationList({ activeConversationID: open, onSelect, onDelete }: ConversationListProps) {
  const activeConversationID = open ? listedConversationID(open) : null;
  const openTopicID = open ? topicOfConversation(open) : null;
  const { chat } = useKit();
  const t = useConversationText();
  const conversations = useListedConversations();
  const today = useToday();
  const me = chat.getLoginUser();
  const remarks = useRemarks();
  const [menu, setMenu] = useState<{ conversationID: string; point: Point } | null>(null);
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const [error, setError] = useState('');

  // Rows are memoised: hand them callbacks that never change, reading the latest props.
  const latest = useRef({ onSelect, onDelete });
  latest.current = { onSelect, onDelete };
  const handleSelect = useCallback((conversationID: string) => latest.current.onSelect(conversationID), []);
  const handleOpenMenu = useCallback((conversationID: string, point: Point) => setMenu({ conversationID, point }), []);

  const run = (action: () => Promise<unknown>) => {
    setError('');
    action().catch((reason: unknown) => setError(t('actionFailed', { message: errorMessage(reason) })));
  };

  const menuConversation = menu ? conversations.find((c) => c.conversationID === menu.conversationID) : undefined;

  return (
    <div className="lc-conv-list">
      {error ? (
        <div className="lc-conv-list__error" role="alert">
          <span>{error}</span>
          <button type="button" className="lc-conv-link" onClick={() => setError('')}>
            {t('dismiss')}
          </button>
        </div>
      ) : null}
      {conversations.length === 0 ? (
        <p className="lc-conv-list__empty">{t('empty')}</p>
      ) : (
        <ul className="lc-conv-list__items" aria-label={t('listLabel')} onKeyDown={handleArrowKeys}>
          {conversations.map((conversation) => (
            <ConversationItem
              key={conversation.conversationID}
              conversation={conversation}
              isActive={conversation.conversationID === activeConversationID}
              openTopicID={conversation.conversationID === activeConversationID ? openTopicID : null}
              draft={visibleDraft(conversation, activeConversationID)}
              today={today}
              me={me}
              remarks={remarks}
              onSelect={handleSelect}
              onOpenMenu={handleOpenMenu}
            />
          ))}
        </ul>
      )}
      {menu && menuConversation ? (
        <PopupMenu
          label={t('actionsLabel')}
          point={menu.point}
          onClose={() => setMenu(null)}
          items={menuItems(menuConversation, t, {
            remove: () => setDeleting(menuConversation),
            pin: (isPinned) =>
              run(() => chat.pinConversation({ conversationID: menuConversation.conversationID, isPinned })),
            mute: (isMuted) =>
              run(() =>
                chat.setMessageRemindType({
                  conversationID: menuConversation.conversationID,
                  messageRemindType: isMuted ? TYPES.MSG_REMIND_ACPT_NOT_NOTE : TYPES.MSG_REMIND_ACPT_AND_NOTE,
                }),
              ),
          })}
        />
      ) : null}
      {deleting ? (
        <Dialog
          title={t('deleteTitle')}
          onClose={() => setDeleting(null)}
          actions={
            <>
              <button type="button" className="lc-conv-button" onClick={() => setDeleting(null)}>
                {t('cancel')}
              </button>
              <button
                type="button"
                className="lc-conv-button lc-conv-button--danger"
                onClick={() => {
                  const { conversationID } = deleting;
                  setDeleting(null);
                  run(async () => {
                    await chat.deleteConversation(conversationID);
                    latest.current.onDelete?.(conversationID);
                  });
                }}
              >
                {t('confirmDelete')}
              </button>
            </>
          }
        >
          <p>
            <Isolated
              parts={sentenceWithName(
                t(deleting.type === TYPES.CONV_GROUP ? 'deleteGroup' : 'deleteC2C', { name: NAME_SLOT }),
                conversationName(deleting),
              )}
            />
          </p>
        </Dialog>
      ) : null}
    </div>
  );
}

function menuItems(
  conversation: Conversation,
  t: ConversationT,
  actions: { remove(): void; pin(isPinned: boolean): void; mute(isMuted: boolean): void },
): PopupMenuItem[] {
  return [
    conversation.isPinned
      ? { key: 'unpin', label: t('unpin'), onSelect: () => actions.pin(false) }
      : { key: 'pin', label: t('pin'), onSelect: () => actions.pin(true) },
    conversation.isMuted
      ? { key: 'unmute', label: t('unmute'), onSelect: () => actions.mute(false) }
      : { key: 'mute', label: t('mute'), onSelect: () => actions.mute(true) },
    { key: 'delete', label: t('delete'), onSelect: actions.remove, isDanger: true },
  ];
}

/** Up and down arrows move between rows, as in a list box. */
function handleArrowKeys(event: React.KeyboardEvent<HTMLUListElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const rows = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[data-conversation-id]'));
  const index = rows.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  event.preventDefault();
  rows[Math.min(rows.length - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)))]?.focus();
}

function errorMessage(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
