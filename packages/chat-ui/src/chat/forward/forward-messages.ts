import { Limits, parseConversationID } from '@liaison/protocol';
import type { ChatSDK, Message } from '@liaison/sdk';
import { openMessageStore } from '../message-list/message-store';

/** A merged record's title, first lines and the text older clients show instead. */
export interface MergedRecordText {
  title: string;
  abstractList: string[];
  compatibleText: string;
}

export interface ForwardOptions {
  messages: readonly Message[];
  /** Conversation IDs to send to ('C2C…' / 'GROUP…'). */
  targets: readonly string[];
  /** One merged record per conversation, instead of each message one by one. */
  merged?: MergedRecordText;
  /** Whether a copy sent into this conversation asks for read receipts, as a message typed there would. */
  needReadReceipt?(conversationID: string): boolean;
}

/**
 * Forwards messages to every target conversation at once (spec §4 "Forward"): in time order, one by
 * one (createForwardMessage) or as one merged record (createMergerMessage). A target that is open
 * on screen shows the copies in its list as they go. Resolves with the first failure, or null when
 * every copy arrived; a failure in one conversation does not stop the others.
 */
export async function forwardMessages(chat: ChatSDK, options: ForwardOptions): Promise<unknown> {
  const messages = inTimeOrder(options.messages);
  const results = await Promise.all(
    options.targets.map((conversationID) =>
      forwardTo(chat, conversationID, messages, options.merged, options.needReadReceipt?.(conversationID) ?? false),
    ),
  );
  return results.find((failure) => failure !== null) ?? null;
}

/** Oldest first; messages of the same second by their sequence in the conversation. */
export function inTimeOrder(messages: readonly Message[]): Message[] {
  return [...messages].sort((a, b) => a.time - b.time || a.sequence - b.sequence);
}

async function forwardTo(
  chat: ChatSDK,
  conversationID: string,
  messages: readonly Message[],
  merged: MergedRecordText | undefined,
  needReadReceipt: boolean,
): Promise<unknown> {
  const target = parseConversationID(conversationID);
  if (!target) return new Error(`not a conversation: ${conversationID}`);
  const options = { to: target.target, conversationType: target.type };
  let firstFailure: unknown = null;
  const send = async (create: () => Message) => {
    try {
      const message = create();
      // Group copies show their read status under my bubble like my other messages there.
      if (needReadReceipt && target.type === 'GROUP') message.needReadReceipt = true;
      const failure = await sendInto(chat, conversationID, message);
      if (failure !== undefined && firstFailure === null) firstFailure = failure;
    } catch (error) {
      if (firstFailure === null) firstFailure = error;
    }
  };
  if (merged) {
    await send(() =>
      chat.createMergerMessage({
        ...options,
        payload: { messageList: messages.slice(0, Limits.MERGER_MESSAGES_MAX), ...merged },
      }),
    );
  } else {
    for (const message of messages) await send(() => chat.createForwardMessage({ ...options, payload: message }));
  }
  return firstFailure;
}

/** Sends through the conversation's list when it is on screen (so the copy shows there), else directly. */
async function sendInto(chat: ChatSDK, conversationID: string, message: Message): Promise<unknown> {
  const store = openMessageStore(chat, conversationID);
  if (store) return store.send(message);
  try {
    await chat.sendMessage(message);
    return undefined;
  } catch (error) {
    return error;
  }
}
