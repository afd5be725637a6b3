import type { ChatSDK } from '@liaison/sdk';
import { getMessageStore } from '../message-list/message-store';

/** A message to show in its conversation: 'Locate in chat' from a search result. */
export interface LocateTarget {
  conversationID: string;
  messageID: string;
  sequence: number;
}

type Listener = (target: LocateTarget) => void;

const listeners = new WeakMap<ChatSDK, Set<Listener>>();

/**
 * Opens the target's conversation at that message and blinks it: the conversation's message
 * store loads the pages around it (not the history after it), and the kit (onLocate) shows the
 * conversation, whose list then scrolls to the message.
 */
export function locateInChat(chat: ChatSDK, target: LocateTarget): void {
  // First: a store nobody shows yet then opens at the message instead of at the newest page.
  void getMessageStore(chat, target.conversationID).jumpTo({
    messageID: target.messageID,
    sequence: target.sequence,
  });
  for (const listener of listeners.get(chat) ?? []) listener(target);
}

/** The kit's side: called for every locateInChat on this SDK instance. */
export function onLocate(chat: ChatSDK, listener: Listener): () => void {
  let set = listeners.get(chat);
  if (!set) {
    set = new Set();
    listeners.set(chat, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}
