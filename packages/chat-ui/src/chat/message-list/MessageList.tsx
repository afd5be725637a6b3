import type { Message } from '@liaison/sdk';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ListRange, Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { audioPlayer } from '../message/audio-player';
import { type MessageRenderers, messageRenderers, RenderersContext } from '../message/renderers';
import { ImagePreviewProvider } from '../preview/preview-context';
import { hasTimeSeparator, type ScrollPosition, scrollButtonFor, shouldFollowNewMessage } from './chat-rules';
import { MessageRow } from './MessageRow';
import { useMessages } from './message-store';
import '../chat.css';

export interface MessageListProps {
  conversationID: string;
  /** Renderers by message type; the kit's map by default. */
  renderers?: MessageRenderers;
}

/** Far above any index a conversation reaches, so prepending history can lower it (stable scroll). */
const START_INDEX = 1_000_000;

interface HeaderContext {
  isCompleted: boolean;
  isLoading: boolean;
  onLoadMore(): void;
}

/**
 * The virtualised message list (spec chat.md §2): 'View more' loads older history without a
 * jump, new messages follow the bottom, a floating button brings the user back to the latest.
 */
export function MessageList({ conversationID, renderers = messageRenderers }: MessageListProps) {
  const { t } = useTranslation('chat');
  const { store, state } = useMessages(conversationID);
  const { messages } = state;
  const isGroup = conversationID.startsWith('GROUP');
  const virtuoso = useRef<VirtuosoHandle>(null);
  const [position, setPosition] = useState<ScrollPosition>({
    distanceFromBottom: 0,
    viewportHeight: 0,
    isLatestVisible: true,
  });
  const [newCount, setNewCount] = useState(0);
  const [resendID, setResendID] = useState<string | null>(null);
  const firstItemIndex = START_INDEX - state.prependedCount;
  const latest = messages.at(-1);
  const button = scrollButtonFor(position, newCount);

  // Count incoming messages that arrive while the user reads further up.
  const lastSeenID = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!latest || latest.ID === lastSeenID.current) return;
    const isFirst = lastSeenID.current === undefined;
    lastSeenID.current = latest.ID;
    if (!isFirst && button.kind !== 'hidden' && latest.flow === 'in') setNewCount((n) => n + 1);
  }, [latest, button.kind]);

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
  }, []);

  const count = messages.length;
  const handleRange = useCallback(
    (range: ListRange) => {
      const isLatestVisible = count === 0 || range.endIndex >= firstItemIndex + count - 1;
      setPosition((p) => (p.isLatestVisible === isLatestVisible ? p : { ...p, isLatestVisible }));
      if (isLatestVisible) setNewCount(0);
    },
    [count, firstItemIndex],
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
    virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'smooth' });
  };

  // A voice message stops when its conversation closes (rows scrolled out of view keep playing).
  useEffect(() => () => audioPlayer.stop(), []);

  const handleLoadMore = useCallback(() => void store.loadOlder(), [store]);
  const handleResend = useCallback((messageID: string) => setResendID(messageID), []);
  const handleCancelUpload = useCallback((messageID: string) => store.cancelUpload(messageID), [store]);

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

  const isFirstPageLoaded = count > 0 || state.isCompleted;
  return (
    <section className="lc-message-list" aria-label={t('messageList')}>
      <RenderersContext.Provider value={renderers}>
        <ImagePreviewProvider messages={messages}>
          {isFirstPageLoaded ? (
            <Virtuoso<Message, HeaderContext>
              key={conversationID}
              ref={virtuoso}
              className="lc-message-list__scroller"
              data={messages}
              firstItemIndex={firstItemIndex}
              initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
              computeItemKey={(_, message) => message.ID}
              itemContent={itemContent}
              followOutput={followOutput}
              rangeChanged={handleRange}
              scrollerRef={handleScroller}
              context={{ isCompleted: state.isCompleted, isLoading: state.isLoading, onLoadMore: handleLoadMore }}
              components={{ Header: ListHeader }}
            />
          ) : (
            <p className="lc-message-list__loading" role="status">
              {t('loading')}
            </p>
          )}
        </ImagePreviewProvider>
      </RenderersContext.Provider>
      {button.kind !== 'hidden' && (
        <button type="button" className="lc-scroll-button" onClick={handleBackToLatest}>
          {button.kind === 'newMessages' ? t('newMessages', { count: button.count }) : t('backToLatest')}
        </button>
      )}
      {resendID && (
        <ResendDialog
          onCancel={() => setResendID(null)}
          onConfirm={() => {
            void store.resend(resendID);
            setResendID(null);
          }}
        />
      )}
    </section>
  );
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
