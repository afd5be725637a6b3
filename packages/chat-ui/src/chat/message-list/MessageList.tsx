import type { Message } from '@liaison/sdk';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type IndexLocationWithAlign, Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { useKit } from '../../core/kit-context';
import { reportSendFailure } from '../../core/toasts/toast-center';
import { ActionNotice } from '../actions/ActionNotice';
import { ChatSession, ChatSessionProvider, useChatSession } from '../actions/chat-session';
import { RowActionsProvider } from '../actions/row-actions';
import { audioPlayer } from '../message/audio-player';
import { type MessageRenderers, messageRenderers, RenderersContext } from '../message/renderers';
import { ImagePreviewProvider } from '../preview/preview-context';
import { hasTimeSeparator } from './chat-rules';
import { type ListContext, ListFooter, ListHeader, ResendDialog } from './list-parts';
import { MessageRow } from './MessageRow';
import { MenuHost, type OpenMenu, useListRowActions } from './row-menu';
import { useJumpDisplay } from './use-jump-display';
import { useMessages } from './use-messages';
import { useRowFocus } from './use-row-focus';
import { useScrollFollow } from './use-scroll-follow';
import '../chat.css';

export interface MessageListProps {
  conversationID: string;
  /** Renderers by message type; the kit's map by default. */
  renderers?: MessageRenderers;
  /** False once the user is no longer in the group: messages then have no menu (spec §6). */
  isMember?: boolean;
}

/** Far above any index a conversation reaches, so prepending history can lower it (stable scroll). */
const START_INDEX = 1_000_000;

/**
 * The virtualised message list (spec chat.md §2): 'View more' loads older history without a
 * jump, new messages follow the bottom, a floating button brings the user back to the latest
 * (use-scroll-follow.ts). Messages are reached with Tab (one stop) and the arrow keys
 * (use-row-focus.ts); each opens its action menu (spec §5, row-menu.tsx). Jumping to a message
 * (a quote, 'Locate in chat') scrolls to it and blinks it (use-jump-display.ts): a near one by
 * loading older pages, a far one by opening a window of the pages around it, which then grows both
 * ways as the user scrolls until it joins the live end.
 */
export function MessageList({ conversationID, renderers = messageRenderers, isMember = true }: MessageListProps) {
  const { t } = useTranslation('chat');
  const { chat, features, isH5 } = useKit();
  const { store, state } = useMessages(conversationID);
  const { messages } = state;
  const isGroup = conversationID.startsWith('GROUP');
  const outerSession = useChatSession();
  const [ownSession] = useState(() => new ChatSession(conversationID));
  const session = outerSession ?? ownSession;
  const section = useRef<HTMLElement>(null);
  const virtuoso = useRef<VirtuosoHandle>(null);
  const [resendID, setResendID] = useState<string | null>(null);
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const firstItemIndex = START_INDEX - state.prependedCount;
  const isDetached = state.hasNewer;
  // A menu left floating over a list the user scrolls would point at nothing: it closes.
  const closeMenu = useCallback(() => setMenu(null), []);
  const scroll = useScrollFollow(store, state, firstItemIndex, virtuoso, closeMenu);

  // A voice message stops when its conversation closes (rows scrolled out of view keep playing).
  useEffect(() => () => audioPlayer.stop(), []);

  const handleLoadMore = useCallback(() => void store.loadOlder(), [store]);
  const handleEndReached = useCallback(() => void store.loadNewer(), [store]);
  const handleResend = useCallback((messageID: string) => setResendID(messageID), []);
  const handleCancelUpload = useCallback((messageID: string) => store.cancelUpload(messageID), [store]);

  const focus = useRowFocus(store, session, messages, renderers, section, virtuoso);
  useJumpDisplay(chat, store, state.jump, session, section, virtuoso, focus.focusRow);

  const rules = useMemo(() => ({ features, isDesktop: !isH5, isMember }), [features, isH5, isMember]);
  const rowActions = useListRowActions(chat, conversationID, store, session, rules, renderers, section, setMenu);

  const itemContent = (index: number, message: Message) => {
    const previous = messages[index - firstItemIndex - 1];
    return (
      <MessageRow
        message={message}
        hasTime={hasTimeSeparator(previous, message, state.isCompleted)}
        isGroup={isGroup}
        renderers={renderers}
        onResend={handleResend}
        onCancelUpload={handleCancelUpload}
      />
    );
  };

  // Where the list starts: read when it mounts, which a replaced window makes it do again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a replaced window moves it.
  const initialItem = useMemo<IndexLocationWithAlign>(
    () =>
      state.anchorIndex === null ? { index: 'LAST', align: 'end' } : { index: state.anchorIndex, align: 'center' },
    [state.windowKey],
  );
  const menuMessage = menu ? messages.find((m) => m.ID === menu.messageID) : undefined;
  const isFirstPageLoaded = messages.length > 0 || state.isCompleted;
  const { button } = scroll;
  return (
    <ChatSessionProvider value={session}>
      <RowActionsProvider value={rowActions}>
        <section
          ref={section}
          className="lc-message-list"
          aria-label={t('messageList')}
          onFocus={focus.handleFocus}
          onKeyDown={focus.handleKeyDown}
        >
          <RenderersContext.Provider value={renderers}>
            <ImagePreviewProvider messages={messages}>
              {isFirstPageLoaded ? (
                <Virtuoso<Message, ListContext>
                  key={`${conversationID}:${state.windowKey}`}
                  ref={virtuoso}
                  className="lc-message-list__scroller"
                  data={messages}
                  firstItemIndex={firstItemIndex}
                  initialTopMostItemIndex={initialItem}
                  computeItemKey={(_, message) => message.ID}
                  itemContent={itemContent}
                  followOutput={scroll.followOutput}
                  rangeChanged={scroll.handleRange}
                  endReached={isDetached ? handleEndReached : undefined}
                  scrollerRef={scroll.handleScroller}
                  context={{
                    isCompleted: state.isCompleted,
                    isLoading: state.isLoading,
                    onLoadMore: handleLoadMore,
                    hasNewer: isDetached,
                  }}
                  components={{ Header: ListHeader, Footer: ListFooter }}
                />
              ) : (
                <p className="lc-message-list__loading" role="status">
                  {t('loading')}
                </p>
              )}
              {menu && menuMessage && (
                <MenuHost
                  store={store}
                  session={session}
                  message={menuMessage}
                  at={menu.at}
                  rules={rules}
                  renderers={renderers}
                  onClose={closeMenu}
                />
              )}
            </ImagePreviewProvider>
          </RenderersContext.Provider>
          {button.kind !== 'hidden' && (
            <button type="button" className="lc-scroll-button" onClick={scroll.handleBackToLatest}>
              {button.kind === 'newMessages' ? t('newMessages', { count: button.count }) : t('backToLatest')}
            </button>
          )}
          <ActionNotice session={session} />
          {resendID && (
            <ResendDialog
              onCancel={() => setResendID(null)}
              onConfirm={() => {
                void store.resend(resendID).then((failure) => reportSendFailure(chat, failure));
                setResendID(null);
              }}
            />
          )}
        </section>
      </RowActionsProvider>
    </ChatSessionProvider>
  );
}
