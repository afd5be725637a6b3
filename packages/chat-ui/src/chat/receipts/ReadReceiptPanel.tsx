import type { Message } from '@liaison/sdk';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Avatar } from '../../common/Avatar';
import { useDelayedClose } from '../../common/use-delayed-close';
import { useKit } from '../../core/kit-context';
import { useAwarenessText } from '../../i18n/awareness-text';
import type { ReadCounts } from './receipt-store';
import { useMemberPages } from './use-member-pages';
import './receipts.css';

/** spec §9 "Popup close delay": on phones the panel closes 200 ms after being asked to. */
export const MOBILE_CLOSE_DELAY_MS = 200;

export interface ReadReceiptPanelProps {
  message: Message;
  counts: ReadCounts;
  /** The part of the chat window the panel sits at the side of (desktop). */
  chatElement: Element | null;
  onClose(): void;
}

type Tab = 'read' | 'unread';

/**
 * The read-receipt panel (spec §2): 'message details', tabs for members who read the message and
 * who did not, with counts; each list shows avatar and nick (or user ID), an empty tip, and loads
 * more as it is scrolled ('loading', then 'loading finished'). A side panel beside the chat on
 * desktop; a full-screen drawer on phones that slides away for 200 ms when closed. Esc closes it.
 */
export function ReadReceiptPanel({ message, counts, chatElement, onClose }: ReadReceiptPanelProps) {
  const { isH5 } = useKit();
  const t = useAwarenessText();
  const { isClosing, close } = useDelayedClose(onClose, isH5 ? MOBILE_CLOSE_DELAY_MS : 0);
  const [tab, setTab] = useState<Tab>('read');
  const titleID = useId();
  const panelID = useId();
  const panel = useRef<HTMLDivElement>(null);
  const placement = useSidePlacement(isH5 ? null : chatElement);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    return () => previous?.focus();
  }, []);

  const tabs: { key: Tab; label: string }[] = [
    { key: 'read', label: t('readTab', { count: counts.readCount }) },
    { key: 'unread', label: t('unreadTab', { count: counts.unreadCount }) },
  ];

  return createPortal(
    <div
      ref={panel}
      className={`lc-receipt-panel ${isH5 ? 'lc-receipt-panel--drawer' : 'lc-receipt-panel--side'}${isClosing ? ' lc-receipt-panel--closing' : ''}`}
      style={placement}
      role="dialog"
      aria-modal={isH5}
      aria-labelledby={titleID}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          close();
        }
      }}
    >
      <header className="lc-receipt-panel__header">
        <h3 id={titleID} className="lc-receipt-panel__title">
          {t('messageDetails')}
        </h3>
        <button type="button" className="lc-receipt-panel__close" aria-label={t('close')} onClick={close}>
          ×
        </button>
      </header>
      <div className="lc-receipt-panel__tabs" role="tablist" aria-label={t('messageDetails')}>
        {tabs.map(({ key, label }) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${panelID}-${key}`}
            aria-selected={tab === key}
            aria-controls={`${panelID}-panel`}
            tabIndex={tab === key ? 0 : -1}
            className={`lc-receipt-panel__tab${tab === key ? ' lc-receipt-panel__tab--active' : ''}`}
            onClick={() => setTab(key)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
              const next: Tab = key === 'read' ? 'unread' : 'read';
              setTab(next);
              document.getElementById(`${panelID}-${next}`)?.focus();
            }}
          >
            {label}
          </button>
        ))}
      </div>
      <div
        id={`${panelID}-panel`}
        role="tabpanel"
        aria-labelledby={`${panelID}-${tab}`}
        className="lc-receipt-panel__body"
      >
        {/* A list per tab, kept apart: each pages on its own. */}
        <MemberList key={tab} message={message} filter={tab === 'read' ? 0 : 1} />
      </div>
    </div>,
    document.body,
  );
}

function MemberList({ message, filter }: { message: Message; filter: 0 | 1 }) {
  const t = useAwarenessText();
  const { members, isLoading, isCompleted, error, isPlanLimit, loadMore } = useMemberPages(message, filter);
  const scroller = useRef<HTMLDivElement>(null);
  // A new end marker per page (keyed by the count): observed afresh, so a page too short to push
  // the end out of view asks for the next one.
  const [end, setEnd] = useState<HTMLDivElement | null>(null);

  // The next page loads when the end of the list scrolls into view.
  useEffect(() => {
    const root = scroller.current;
    if (!root || !end || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), {
      root,
      rootMargin: '0px 0px 120px 0px',
    });
    observer.observe(end);
    return () => observer.disconnect();
  }, [loadMore, end]);

  const isEmpty = isCompleted && members.length === 0;
  return (
    <div ref={scroller} className="lc-receipt-panel__scroller">
      {isEmpty ? (
        <p className="lc-receipt-panel__empty">{t(filter === 0 ? 'readEmpty' : 'unreadEmpty')}</p>
      ) : (
        <ul className="lc-receipt-panel__members" aria-label={t(filter === 0 ? 'readMembers' : 'unreadMembers')}>
          {members.map((member) => {
            const name = member.nick || member.userID;
            return (
              <li key={member.userID} className="lc-receipt-panel__member">
                <Avatar url={member.avatar} size={32} />
                <span className="lc-receipt-panel__name">
                  <bdi>{name}</bdi>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <div key={members.length} ref={setEnd} className="lc-receipt-panel__sentinel" />
      {error ? (
        <p className="lc-receipt-panel__status" role="alert">
          {isPlanLimit ? t('readReceiptUpgrade') : t('loadFailed', { message: error })}
        </p>
      ) : isEmpty ? null : (
        <p className="lc-receipt-panel__status" role="status">
          {isLoading ? t('loading') : isCompleted ? t('loadingFinished') : ''}
        </p>
      )}
    </div>
  );
}

/**
 * Desktop: the panel's box at the left side of the message list, following it as the window
 * resizes. Left, because the message it tells about is mine, drawn at the right: it stays in view
 * beside the panel, and so do the header and the composer.
 */
function useSidePlacement(chatElement: Element | null): React.CSSProperties | undefined {
  const [rect, setRect] = useState<DOMRect | null>(() => chatElement?.getBoundingClientRect() ?? null);
  useLayoutEffect(() => {
    if (!chatElement) return;
    const measure = () => setRect(chatElement.getBoundingClientRect());
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [chatElement]);
  if (!rect) return undefined;
  const width = Math.min(360, rect.width);
  return { top: rect.top, left: rect.left, width, height: rect.height };
}
