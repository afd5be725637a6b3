import type { ChatSDK } from '@liaison/sdk';
import { showErrorToast } from '../core/toasts/toast-center';

/**
 * Gets a conversation ready to open, as the reference kit's switchConversation does: its profile
 * is fetched, so a conversation without messages yet shows in the list under the peer's or group's
 * name at once. Resolves false (after the spec's 'enter conversation failed' toast) when it cannot.
 */
export async function enterConversation(chat: ChatSDK, conversationID: string, failedText: string): Promise<boolean> {
  try {
    await chat.getConversationProfile(conversationID);
    return true;
  } catch (error) {
    showErrorToast(chat, error, failedText);
    return false;
  }
}
