import { Limits } from '@liaison/protocol';
import type { ChatSDK, Message } from '@liaison/sdk';

/**
 * A list opened at an older message (a search result, a far quote) rather than at the live end:
 * how a message to show is reached, the pages loaded around it and after it, and the messages
 * that arrive meanwhile. The message store (message-store.ts) keeps the state and the order of loads.
 */

/**
 * A message at most this many sequences older than the oldest one shown is reached by loading
 * older pages (the list stays joined to the live end); a farther one opens a window around it.
 */
export const NEAR_SEQUENCES = 3 * Limits.HISTORY_PAGE_SIZE;

/** Messages arriving while the window is detached are kept (the newest this many) to join it without a gap. */
const LIVE_KEPT_MAX = 200;

/** What the list holds, as far as reaching a message goes. */
export interface ListView {
  messages: readonly Message[];
  /** Newer messages exist past the last one shown (the list is a detached window). */
  hasNewer: boolean;
  /** No older history left. */
  isCompleted: boolean;
}

/** How a message to show is reached from what the list holds. */
export type Route =
  | { kind: 'shown'; message: Message }
  /** By loading older pages: at most `maxPages`, or as many as the store allows when unset. */
  | { kind: 'older'; maxPages?: number }
  /** Within what is loaded, or below it with nothing older: deleted (or it never was). */
  | { kind: 'gone' }
  /** Too far to page to: a window opens at its sequence. */
  | { kind: 'window'; sequence: number };

export function routeTo(list: ListView, messageID: string, sequence: number | undefined): Route {
  const shown = list.messages.find((m) => m.ID === messageID);
  if (shown) return { kind: 'shown', message: shown };
  // A quote written before quotes carried sequences: page back as far as the store allows.
  if (sequence === undefined) return { kind: 'older' };
  const hasMessages = list.messages.length > 0;
  const oldest = oldestSequence(list.messages);
  const newest = newestSequence(list.messages);
  if (hasMessages && sequence < oldest && oldest - sequence <= NEAR_SEQUENCES) {
    return { kind: 'older', maxPages: Math.ceil(NEAR_SEQUENCES / Limits.HISTORY_PAGE_SIZE) + 1 };
  }
  const isWithinShown = sequence >= oldest && (sequence <= newest || !list.hasNewer);
  if (hasMessages && (isWithinShown || (sequence < oldest && list.isCompleted))) return { kind: 'gone' };
  return { kind: 'window', sequence };
}

/** The pages around a message, as `loadWindowAt` answers them. */
export interface OpenedWindow {
  /** The page up to the message, then the page after it (copies, oldest first). */
  messages: Message[];
  /** Where the message is: the last of the older page. */
  anchorIndex: number;
  /** Where older pages continue from: the first message of the older page ('' when it is empty). */
  nextReqMessageID: string;
  /** Nothing older than the window. */
  isOlderCompleted: boolean;
  /** Nothing newer than the window: it reaches the live end. */
  isNewerCompleted: boolean;
}

/** The page up to `sequence` and the page after it, asked for together (two requests, no paging). */
export async function loadWindowAt(chat: ChatSDK, conversationID: string, sequence: number): Promise<OpenedWindow> {
  const hop = (from: number, direction: 0 | 1) =>
    chat.getMessageListHopping({ conversationID, sequence: from, direction });
  const [older, newer] = await Promise.all([hop(sequence, 0), hop(sequence + 1, 1)]);
  return {
    messages: [...older.data.messageList, ...newer.data.messageList].map((m) => ({ ...m })),
    anchorIndex: Math.max(0, older.data.messageList.length - 1),
    nextReqMessageID: older.data.messageList[0]?.ID ?? '',
    isOlderCompleted: older.data.isCompleted,
    isNewerCompleted: newer.data.isCompleted,
  };
}

/** The page after the newest stored message of `messages` (copies), and whether it reaches the live end. */
export async function loadPageAfter(
  chat: ChatSDK,
  conversationID: string,
  messages: readonly Message[],
): Promise<{ messages: Message[]; isCompleted: boolean }> {
  const { data } = await chat.getMessageListHopping({
    conversationID,
    sequence: newestSequence(messages) + 1,
    direction: 1,
  });
  return { messages: data.messageList.map((m) => ({ ...m })), isCompleted: data.isCompleted };
}

/** Messages that arrived while the list was detached: the newest of them join it when it reaches the live end. */
export class LiveBacklog {
  private kept: Message[] = [];

  keep(fresh: readonly Message[]): void {
    this.kept = [...this.kept, ...fresh].slice(-LIVE_KEPT_MAX);
  }

  /** Those kept that are newer than the last stored message of `messages`; the backlog is empty after. */
  takeAfter(messages: readonly Message[]): Message[] {
    const after = newestSequence(messages);
    const kept = this.kept.filter((m) => m.sequence > after);
    this.kept = [];
    return kept;
  }

  clear(): void {
    this.kept = [];
  }
}

/** The sequence of the oldest / newest stored message in a list (0 when it has none). */
function oldestSequence(messages: readonly Message[]): number {
  return messages.find((m) => m.sequence > 0)?.sequence ?? 0;
}

function newestSequence(messages: readonly Message[]): number {
  return messages.findLast((m) => m.sequence > 0)?.sequence ?? 0;
}
