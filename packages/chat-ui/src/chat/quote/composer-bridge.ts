import type { ChatSDK, Message } from '@liaison/sdk';
import { ValueStore } from '../../common/value-store';

/** Text the composer is asked to take back (re-editing a revoked message). */
export interface EditRequest {
  text: string;
  serial: number;
}

/**
 * What the message list asks of a conversation's composer: a message to quote (shown in the quote
 * bar and sent with the next message), and text to put back in the editor. Kept per conversation
 * for as long as the page lives, so a quote survives switching to another conversation and back
 * (spec §4 "Draft": a quote counts as content).
 */
export class ComposerBridge {
  readonly quote = new ValueStore<Message | null>(null);
  readonly edit = new ValueStore<EditRequest | null>(null);
  private serial = 0;

  setQuote(message: Message | null): void {
    this.quote.set(message);
  }

  putBack(text: string): void {
    this.edit.set({ text, serial: ++this.serial });
  }
}

const bridges = new WeakMap<ChatSDK, Map<string, ComposerBridge>>();

export function composerBridge(chat: ChatSDK, conversationID: string): ComposerBridge {
  let byConversation = bridges.get(chat);
  if (!byConversation) {
    byConversation = new Map();
    bridges.set(chat, byConversation);
  }
  let bridge = byConversation.get(conversationID);
  if (!bridge) {
    bridge = new ComposerBridge();
    byConversation.set(conversationID, bridge);
  }
  return bridge;
}
