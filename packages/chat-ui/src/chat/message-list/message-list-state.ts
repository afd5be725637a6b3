import type { Message } from '@liaison/sdk';

/** One open conversation's messages, oldest first, as the list shows them. */
export interface MessageListState {
  messages: readonly Message[];
  /** How many messages older pages have put in front of the first page (for a stable firstItemIndex). */
  prependedCount: number;
  isLoading: boolean;
  /** No older history left. */
  isCompleted: boolean;
  /** Set when the first page, an older or a newer page failed to load. */
  error: unknown;
  /**
   * The list is a window opened at an older message (a search result, a far quote): newer messages
   * exist past its last one and load as the user scrolls down, until it joins the live end.
   */
  hasNewer: boolean;
  /** Incoming messages that arrived while the window did not reach the live end. */
  missedCount: number;
  /** Changes whenever the window is replaced (opened at a message, or back at the latest). */
  windowKey: number;
  /** Where a replaced window opens: this index (the message it was opened at), else the bottom. */
  anchorIndex: number | null;
  /** The last message asked to be shown: the list scrolls to it and blinks it, or says why it cannot. */
  jump: Jump | null;
}

/** A message to show: its ID, and its sequence when known (which lets a far one open without paging). */
export interface JumpTarget {
  messageID: string;
  sequence?: number;
}

export interface Jump {
  messageID: string;
  outcome: 'found' | 'missing' | 'revoked';
  /** Tells two jumps to the same message apart. */
  serial: number;
}

export const EMPTY_LIST: MessageListState = {
  messages: [],
  prependedCount: 0,
  isLoading: false,
  isCompleted: false,
  error: null,
  hasNewer: false,
  missedCount: 0,
  windowKey: 0,
  anchorIndex: null,
  jump: null,
};

/** `current` with each incoming message replacing the one with its ID, or appended if new. */
export function mergeMessages(current: readonly Message[], incoming: readonly Message[]): readonly Message[] {
  const index = new Map(current.map((m, i) => [m.ID, i]));
  const next = [...current];
  for (const message of incoming) {
    const at = index.get(message.ID);
    if (at === undefined) {
      index.set(message.ID, next.length);
      next.push(message);
    } else {
      next[at] = message;
    }
  }
  return next;
}
