import type { Message } from '@liaison/sdk';
import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import type { ChatSession } from '../actions/chat-session';
import { layoutOf, type MessageRenderers, rendererFor } from '../message/renderers';
import type { MessageStore } from './message-store';

/** For how many frames a row is asked to take the focus before giving up. */
const FOCUS_TRIES = 30;

export interface RowFocus {
  /** Focuses a row once the virtual list has drawn it (it may be scrolled out of view). */
  focusRow(messageID: string): void;
  handleFocus(event: React.FocusEvent): void;
  handleKeyDown(event: React.KeyboardEvent): void;
}

/**
 * Messages are reached with Tab and the arrow keys (spec chat.md §5): a roving tabindex makes one
 * row the Tab stop (the one focused last, else the latest message); Up, Down, Home and End move
 * between the rows shown.
 */
export function useRowFocus(
  store: MessageStore,
  session: ChatSession,
  messages: readonly Message[],
  renderers: MessageRenderers,
  section: RefObject<HTMLElement | null>,
  virtuoso: RefObject<VirtuosoHandle | null>,
): RowFocus {
  const [focusedID, setFocusedID] = useState<string | null>(null);
  /** The row focusRow is bringing the focus to (a later call takes over). */
  const focusing = useRef<string | null>(null);

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
    [store, section, virtuoso],
  );

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

  return { focusRow, handleFocus, handleKeyDown };
}
