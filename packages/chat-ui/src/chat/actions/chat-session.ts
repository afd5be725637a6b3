import type { Message } from '@liaison/sdk';
import { createContext, useContext } from 'react';
import { ValueStore } from '../../common/value-store';

/** Multi-select mode (spec §4): on or off, and the IDs picked so far. */
export interface Selection {
  isActive: boolean;
  messageIDs: ReadonlySet<string>;
}

/** What the forward panel is asked to send: one message, or several one by one or merged. */
export interface ForwardRequest {
  messages: readonly Message[];
  isMerged: boolean;
}

/** A short line telling the user an action was done ('Copied'); failures go to the kit's error toasts. */
export interface Notice {
  text: string;
  /** Tells two equal notices in a row apart, so the second shows again. */
  serial: number;
}

const NO_SELECTION: Selection = { isActive: false, messageIDs: new Set() };

/**
 * The state of one open conversation's window that its parts share: the list, the multi-select
 * panel and the forward panel. It lives as long as the conversation is open, so multi-select is
 * cleared when another conversation opens (spec §4).
 */
export class ChatSession {
  readonly selection = new ValueStore<Selection>(NO_SELECTION);
  readonly forward = new ValueStore<ForwardRequest | null>(null);
  /** The message blinking after a jump to it (spec §4: 3 s). */
  readonly highlight = new ValueStore<string | null>(null);
  readonly notice = new ValueStore<Notice | null>(null);
  /** The message row Tab reaches in the list (roving tabindex). */
  readonly tabStop = new ValueStore<string | null>(null);
  private serial = 0;

  constructor(readonly conversationID: string) {}

  startSelecting(messageID?: string): void {
    this.selection.set({ isActive: true, messageIDs: new Set(messageID ? [messageID] : []) });
  }

  toggleSelected(messageID: string): void {
    this.selection.update((current) => {
      const messageIDs = new Set(current.messageIDs);
      if (messageIDs.has(messageID)) messageIDs.delete(messageID);
      else messageIDs.add(messageID);
      return { isActive: true, messageIDs };
    });
  }

  stopSelecting(): void {
    this.selection.set(NO_SELECTION);
  }

  tell(text: string): void {
    this.notice.set({ text, serial: ++this.serial });
  }
}

/** For a row shown outside any chat window: nothing selected, nothing blinking. */
export const IDLE_SESSION = new ChatSession('');

const SessionContext = createContext<ChatSession | null>(null);
export const ChatSessionProvider = SessionContext.Provider;

/** The open conversation's session, or null outside a chat window (a list rendered on its own). */
export function useChatSession(): ChatSession | null {
  return useContext(SessionContext);
}
