import type { ChatSDK } from '@liaison/sdk';

/**
 * The words of own texts revoked in this tab, by message ID, so they can be re-edited after the
 * server has dropped them.
 */
const revokedTexts = new WeakMap<ChatSDK, Map<string, string>>();

export function revokedTextsOf(chat: ChatSDK): Map<string, string> {
  let texts = revokedTexts.get(chat);
  if (!texts) {
    texts = new Map();
    revokedTexts.set(chat, texts);
  }
  return texts;
}

/** The words of an own text revoked in this tab (for re-editing), else undefined. */
export function revokedTextOf(chat: ChatSDK, messageID: string): string | undefined {
  return revokedTexts.get(chat)?.get(messageID);
}
