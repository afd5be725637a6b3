import type { ChatSDK } from '@liaison/sdk';
import { type RefObject, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { VirtuosoHandle } from 'react-virtuoso';
import { showErrorToast } from '../../core/toasts/toast-center';
import type { ChatSession } from '../actions/chat-session';
import type { Jump } from './message-list-state';
import type { MessageStore } from './message-store';

/** spec §9: a message jumped to blinks this long. */
export const BLINK_MS = 3000;
/** How many times a jump to a quoted message scrolls before it settles for where it is. */
const JUMP_SCROLL_ATTEMPTS = 10;

/**
 * Shows each jump asked of the store (a quote here, 'Locate in chat' from a search) once: scrolls
 * to the message, blinks it and focuses it, or tells why it cannot (revoked, not found).
 */
export function useJumpDisplay(
  chat: ChatSDK,
  store: MessageStore,
  jump: Jump | null,
  session: ChatSession,
  section: RefObject<HTMLElement | null>,
  virtuoso: RefObject<VirtuosoHandle | null>,
  focusRow: (messageID: string) => void,
): void {
  const { t: ta } = useTranslation('action');
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
    [store, chat, ta, blink, focusRow, section, virtuoso],
  );
  useEffect(() => {
    if (!jump) return;
    store.consumeJump(jump.serial);
    void showJump(jump);
  }, [store, jump, showJump]);
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
