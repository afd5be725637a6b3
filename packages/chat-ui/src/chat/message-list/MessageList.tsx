import type { Message } from '@liaison/sdk';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type IndexLocationWithAlign, type ListRange, Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { useKit } from '../../core/kit-context';
import { reportSendFailure, showErrorToast } from '../../core/toasts/toast-center';
import { ActionNotice } from '../actions/ActionNotice';
import { canHaveMenu, messageActions } from '../actions/action-rules';
import { ChatSession, ChatSessionProvider, useChatSession } from '../actions/chat-session';
import { hasExtraMenuItems, type MenuPlacement, MessageMenu } from '../actions/MessageMenu';
import { type MenuAnchor, type RowActions, RowActionsProvider } from '../actions/row-actions';
import { useActionRunner } from '../actions/use-action-runner';
import { audioPlayer } from '../message/audio-player';
import { layoutOf, type MessageRenderers, messageRenderers, RenderersContext, rendererFor } from '../message/renderers';
import { ImagePreviewProvider } from '../preview/preview-context';
import { composerBridge } from '../quote/composer-bridge';
import {
  hasTimeSeparator,
  type ScrollButton,
  type ScrollPosition,
  scrollButtonFor,
  shouldFollowNewMessage,
} from './chat-rules';
import { MessageRow } from './MessageRow';
import type { Jump } from './message-list-state';
import type { MessageStore } from './message-store';
import { revokedTextOf } from './revoked-texts';
import { useMessages } from './use-messages';
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

/** spec §2: a message nearer the list's top than this gets its menu below it, not above. */
export const MENU_BELOW_WITHIN_PX = 160;

/** spec §9: a message jumped to blinks this long. */
export const BLINK_MS = 3000;
/** How many times a jump to a quoted message scrolls before it settles for where it is. */
const JUMP_SCROLL_ATTEMPTS = 10;
/** For how many frames a row is asked to take the focus before giving up. */
const FOCUS_TRIES = 30;

interface HeaderContext {
  isCompleted: boolean;
  isLoading: boolean;
  onLoadMore(): void;
  /** A window opened at an older message: more below, loaded on reaching the end. */
  hasNewer: boolean;
}

interface OpenMenu {
  messageID: string;
  at: MenuPlacement;
}

/**
 * The virtualised message list (spec chat.md §2): 'View more' loads older history without a
 * jump, new messages follow the bottom, a floating button brings the user back to the latest.
 * Messages are reached with Tab (one stop) and the arrow keys; each opens its action menu
 * (spec §5). Jumping to a message (a quote, 'Locate in chat') scrolls to it and blinks it: a near
 * one by loading older pages, a far one by opening a window of the pages around it, which then
 * grows both ways as the user scrolls until it joins the live end.
 */
export function MessageList({ conversationID, renderers = messageRenderers, isMember = true }: MessageListProps) {
  const { t } = useTranslation('chat');
  const { t: ta } = useTranslation('action');
  const { chat, features, isH5 } = useKit();
  const { store, state } = useMessages(conversationID);
  const { messages } = state;
  const isGroup = conversationID.startsWith('GROUP');
  const outerSession = useChatSession();
  const [ownSession] = useState(() => new ChatSession(conversationID));
  const session = outerSession ?? ownSession;
  const section = useRef<HTMLElement>(null);
  const virtuoso = useRef<VirtuosoHandle>(null);
  const [position, setPosition] = useState<ScrollPosition>({
    distanceFromBottom: 0,
    viewportHeight: 0,
    isLatestVisible: true,
  });
  const [newCount, setNewCount] = useState(0);
  const [resendID, setResendID] = useState<string | null>(null);
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const [focusedID, setFocusedID] = useState<string | null>(null);
  /** The row focusRow is bringing the focus to (a later call takes over). */
  const focusing = useRef<string | null>(null);
  const firstItemIndex = START_INDEX - state.prependedCount;
  const latest = messages.at(-1);
  const isDetached = state.hasNewer;
  // A detached window never shows the latest: the button stays, counting what arrived meanwhile.
  const button: ScrollButton = isDetached
    ? state.missedCount > 0
      ? { kind: 'newMessages', count: state.missedCount }
      : { kind: 'backToLatest' }
    : scrollButtonFor(position, newCount);

  // Count incoming messages that arrive while the user reads further up (not pages of a window joining the end).
  const lastSeen = useRef<{ ID: string | undefined; wasLive: boolean }>({ ID: undefined, wasLive: true });
  useEffect(() => {
    const seen = lastSeen.current;
    lastSeen.current = { ID: latest?.ID ?? seen.ID, wasLive: !isDetached };
    if (!latest || latest.ID === seen.ID) return;
    const isFirst = seen.ID === undefined;
    if (!isFirst && seen.wasLive && !isDetached && button.kind !== 'hidden' && latest.flow === 'in') {
      setNewCount((n) => n + 1);
    }
  }, [latest, button.kind, isDetached]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a replaced window starts with nothing new.
  useEffect(() => setNewCount(0), [state.windowKey]);

  const handleScroller = useCallback((element: HTMLElement | Window | null) => {
    if (!(element instanceof HTMLElement)) return;
    let pending = false;
    const update = () => {
      pending = false;
      const distanceFromBottom = element.scrollHeight - element.scrollTop - element.clientHeight;
      setPosition((p) =>
        p.distanceFromBottom === distanceFromBottom && p.viewportHeight === element.clientHeight
          ? p
          : { ...p, distanceFromBottom, viewportHeight: element.clientHeight },
      );
    };
    element.addEventListener(
      'scroll',
      () => {
        if (pending) return;
        pending = true;
        // spec §9: scroll handling is throttled to 150 ms.
        setTimeout(update, 150);
      },
      { passive: true },
    );
    // A menu left floating over a list the user scrolls would point at nothing: it closes.
    const closeMenu = () => setMenu(null);
    element.addEventListener('wheel', closeMenu, { passive: true });
    element.addEventListener('touchmove', closeMenu, { passive: true });
  }, []);

  // A list that follows output is also kept at the bottom whenever it grows: a window loading its
  // way down must not be (pages would pull the view past unread rows), until the user has seen its
  // end, the live end, again.
  const [hasSeenLiveEnd, setHasSeenLiveEnd] = useState(true);
  useEffect(() => {
    if (isDetached) setHasSeenLiveEnd(false);
  }, [isDetached]);

  const count = messages.length;
  const handleRange = useCallback(
    (range: ListRange) => {
      const isLatestVisible = count === 0 || range.endIndex >= firstItemIndex + count - 1;
      setPosition((p) => (p.isLatestVisible === isLatestVisible ? p : { ...p, isLatestVisible }));
      if (isLatestVisible) setNewCount(0);
      if (isLatestVisible && !isDetached) setHasSeenLiveEnd(true);
    },
    [count, firstItemIndex, isDetached],
  );

  const previousLatestID = useRef<string | undefined>(undefined);
  const isScrollButtonShown = button.kind !== 'hidden';
  const followOutput = useCallback(() => {
    const changed = latest?.ID !== previousLatestID.current;
    previousLatestID.current = latest?.ID;
    return changed && shouldFollowNewMessage(latest, isScrollButtonShown) ? 'smooth' : false;
  }, [latest, isScrollButtonShown]);

  const handleBackToLatest = () => {
    setNewCount(0);
    if (isDetached) void store.returnToLatest();
    else virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'smooth' });
  };

  // A voice message stops when its conversation closes (rows scrolled out of view keep playing).
  useEffect(() => () => audioPlayer.stop(), []);

  const handleLoadMore = useCallback(() => void store.loadOlder(), [store]);
  const handleEndReached = useCallback(() => void store.loadNewer(), [store]);
  const handleResend = useCallback((messageID: string) => setResendID(messageID), []);
  const handleCancelUpload = useCallback((messageID: string) => store.cancelUpload(messageID), [store]);

  /** Focuses a row once the virtual list has drawn it (it may be scrolled out of view). */
  const focusRow = useCallback(
    (messageID: string) => {
      const index = store.getSnapshot().messages.findIndex((m) => m.ID === messageID);
      if (index < 0) return;
      setFocusedID(messageID);
      focusing.current = messageID;
      // The row may be drawn some frames later, and a new window stays hidden while the list
      // positions it (focus() does nothing then): try until the row has the focus.
      const focus = (triesLeft: number) => {
        if (focusing.current !== messageID) return;
        const rows = section.current?.querySelectorAll<HTMLElement>('.lc-row[data-message-id]') ?? [];
        const row = Array.from(rows).find((element) => element.dataset.messageId === messageID);
        row?.focus({ preventScroll: true });
        if (row && document.activeElement === row) return;
        if (triesLeft > 0) requestAnimationFrame(() => focus(triesLeft - 1));
      };
      virtuoso.current?.scrollIntoView({ index, behavior: 'auto', done: () => focus(FOCUS_TRIES) });
      requestAnimationFrame(() => focus(FOCUS_TRIES));
    },
    [store],
  );

  const blink = useCallback(
    (messageID: string) => {
      session.highlight.set(messageID);
      setTimeout(() => {
        if (session.highlight.get() === messageID) session.highlight.set(null);
      }, BLINK_MS);
    },
    [session],
  );

  const showJump = useCallback(
    async ({ messageID, outcome }: Jump) => {
      if (outcome !== 'found') {
        showErrorToast(chat, { message: ta(outcome === 'revoked' ? 'quoteRevoked' : 'quoteNotFound') });
        return;
      }
      // Pages just put in the list are drawn and measured over the next frames (more of them on a
      // busy machine): scroll, and scroll again until the row is really in view.
      for (let attempt = 0; attempt < JUMP_SCROLL_ATTEMPTS; attempt++) {
        await nextFrame();
        const index = store.getSnapshot().messages.findIndex((m) => m.ID === messageID);
        virtuoso.current?.scrollToIndex({ index, align: 'center', behavior: 'auto' });
        await nextFrame();
        if (isRowInView(section.current, messageID)) break;
      }
      blink(messageID);
      focusRow(messageID);
    },
    [store, chat, ta, blink, focusRow],
  );
  // A jump asked of the store (a quote here, 'Locate in chat' from a search) is shown once.
  useEffect(() => {
    if (!state.jump) return;
    store.consumeJump(state.jump.serial);
    void showJump(state.jump);
  }, [store, state.jump, showJump]);

  const renderersRef = useRef(renderers);
  renderersRef.current = renderers;
  const rules = useMemo(() => ({ features, isDesktop: !isH5, isMember }), [features, isH5, isMember]);
  const rowActions = useMemo<RowActions>(
    () => ({
      hasMenu: (message, layout) =>
        messageActions(message, { ...rules, layout }).length > 0 ||
        (canHaveMenu(message, { isMember: rules.isMember, layout }) && hasExtraMenuItems(message, rules.features)),
      openMenu: (message, anchor) => {
        if (session.selection.get().isActive) return;
        const layout = layoutOf(rendererFor(renderersRef.current, message.type), message);
        const actions = messageActions(message, { ...rules, layout });
        const hasExtra =
          canHaveMenu(message, { isMember: rules.isMember, layout }) && hasExtraMenuItems(message, rules.features);
        if (actions.length === 0 && !hasExtra) return;
        setMenu({ messageID: message.ID, at: menuPlacement(anchor, section.current) });
      },
      jumpTo: (messageID, sequence) => void store.jumpTo({ messageID, sequence }),
      reEdit: (messageID) => {
        const text = revokedTextOf(chat, messageID);
        if (text !== undefined) composerBridge(chat, conversationID).putBack(text);
      },
      toggleSelected: (messageID) => session.toggleSelected(messageID),
    }),
    [rules, session, store, chat, conversationID],
  );

  // Roving tabindex: one row is the Tab stop (the one focused last, else the latest message).
  const visible = useMemo(
    () => messages.filter((m) => layoutOf(rendererFor(renderers, m.type), m) !== 'hidden'),
    [messages, renderers],
  );
  const tabStopID = focusedID && visible.some((m) => m.ID === focusedID) ? focusedID : (visible.at(-1)?.ID ?? null);
  useEffect(() => session.tabStop.set(tabStopID), [session, tabStopID]);

  const handleFocus = (event: React.FocusEvent) => {
    const target = event.target as HTMLElement;
    if (target.classList.contains('lc-row') && target.dataset.messageId) setFocusedID(target.dataset.messageId);
  };

  const handleKeyDown = (event: React.KeyboardEvent) => {
    const target = event.target as HTMLElement;
    const messageID = target.classList.contains('lc-row') ? target.dataset.messageId : undefined;
    if (!messageID) return;
    const at = visible.findIndex((m) => m.ID === messageID);
    const next =
      event.key === 'ArrowUp'
        ? visible[at - 1]
        : event.key === 'ArrowDown'
          ? visible[at + 1]
          : event.key === 'Home'
            ? visible[0]
            : event.key === 'End'
              ? visible.at(-1)
              : undefined;
    if (!next) return;
    event.preventDefault();
    focusRow(next.ID);
  };

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
  const isFirstPageLoaded = count > 0 || state.isCompleted;
  return (
    <ChatSessionProvider value={session}>
      <RowActionsProvider value={rowActions}>
        <section
          ref={section}
          className="lc-message-list"
          aria-label={t('messageList')}
          onFocus={handleFocus}
          onKeyDown={handleKeyDown}
        >
          <RenderersContext.Provider value={renderers}>
            <ImagePreviewProvider messages={messages}>
              {isFirstPageLoaded ? (
                <Virtuoso<Message, HeaderContext>
                  key={`${conversationID}:${state.windowKey}`}
                  ref={virtuoso}
                  className="lc-message-list__scroller"
                  data={messages}
                  firstItemIndex={firstItemIndex}
                  initialTopMostItemIndex={initialItem}
                  computeItemKey={(_, message) => message.ID}
                  itemContent={itemContent}
                  followOutput={isDetached || !hasSeenLiveEnd ? false : followOutput}
                  rangeChanged={handleRange}
                  endReached={isDetached ? handleEndReached : undefined}
                  scrollerRef={handleScroller}
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
                  onClose={() => setMenu(null)}
                />
              )}
            </ImagePreviewProvider>
          </RenderersContext.Provider>
          {button.kind !== 'hidden' && (
            <button type="button" className="lc-scroll-button" onClick={handleBackToLatest}>
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

interface MenuHostProps {
  store: MessageStore;
  session: ChatSession;
  message: Message;
  at: MenuPlacement;
  rules: { features: ReturnType<typeof useKit>['features']; isDesktop: boolean; isMember: boolean };
  renderers: MessageRenderers;
  onClose(): void;
}

/** The open menu, inside the list's image previewer so 'open' can show a picture there. */
function MenuHost({ store, session, message, at, rules, renderers, onClose }: MenuHostProps) {
  const run = useActionRunner(store, session);
  const layout = layoutOf(rendererFor(renderers, message.type), message);
  const actions = messageActions(message, { ...rules, layout });
  return <MessageMenu message={message} actions={actions} at={at} onAction={run} onClose={onClose} />;
}

/**
 * Where a menu opens: against the bubble, above it, or below it when the bubble is within 160 px
 * of the list's top (spec §2). It starts at the bubble's outer edge: the left for others'
 * messages, the right for mine (where it then flips to end there, as it cannot run off screen).
 */
export function menuPlacement(anchor: MenuAnchor, list: HTMLElement | null): MenuPlacement {
  const rect = anchor.element.getBoundingClientRect();
  const top = list?.getBoundingClientRect().top ?? 0;
  const x = anchor.element.closest('.lc-msg--out') ? rect.right : rect.left;
  return rect.top - top < MENU_BELOW_WITHIN_PX
    ? { point: { x, y: rect.bottom + 4 }, placement: 'below' }
    : { point: { x, y: rect.top - 4 }, placement: 'above' };
}

/** Whether the row of `messageID` is drawn and inside the list's visible area. */
function isRowInView(list: HTMLElement | null, messageID: string): boolean {
  const row = Array.from(list?.querySelectorAll<HTMLElement>('.lc-row[data-message-id]') ?? []).find(
    (element) => element.dataset.messageId === messageID,
  );
  if (!row || !list) return false;
  const shown = list.getBoundingClientRect();
  const at = row.getBoundingClientRect();
  return at.bottom > shown.top && at.top < shown.bottom;
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

function ListHeader({ context }: { context?: HeaderContext }) {
  const { t } = useTranslation('chat');
  if (!context || context.isCompleted) return null;
  return (
    <div className="lc-message-list__more">
      <button type="button" className="lc-link-button" disabled={context.isLoading} onClick={context.onLoadMore}>
        {context.isLoading ? t('loading') : t('viewMore')}
      </button>
    </div>
  );
}

/** While a window loads its way down to the live end. */
function ListFooter({ context }: { context?: HeaderContext }) {
  const { t } = useTranslation('chat');
  if (!context?.hasNewer) return null;
  return (
    <p className="lc-message-list__more" role="status">
      {t('loading')}
    </p>
  );
}

/** spec §2: 'Confirm to resend the message?' */
function ResendDialog({ onCancel, onConfirm }: { onCancel(): void; onConfirm(): void }) {
  const { t } = useTranslation('chat');
  const titleID = useId();
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div className="lc-dialog__mask">
      <div className="lc-dialog" role="dialog" aria-modal="true" aria-labelledby={titleID}>
        <p id={titleID}>{t('resendConfirm')}</p>
        <div className="lc-dialog__actions">
          <button type="button" onClick={onCancel}>
            {t('cancel')}
          </button>
          <button type="button" className="lc-button--primary" onClick={onConfirm} ref={confirm}>
            {t('confirm')}
          </button>
        </div>
      </div>
    </div>
  );
}
