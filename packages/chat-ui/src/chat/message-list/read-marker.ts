import type { ChatSDK } from '@liaison/sdk';
import { topicOfConversation } from '../../core/conversation-group';

/**
 * Marks one conversation read while it is on screen: one setMessageRead at a time; messages
 * arriving meanwhile ask for one more afterwards.
 */
export class ReadMarker {
  private inFlight = false;
  private again = false;

  constructor(
    private readonly chat: ChatSDK,
    private readonly conversationID: string,
    /** Whether anyone shows the conversation now: a list nobody sees marks nothing read. */
    private readonly isShown: () => boolean,
  ) {}

  /**
   * Marks the conversation read if the SDK counts unread messages in it. A community topic's
   * conversation is not in the SDK's list until something happens in it (its unread count came
   * with the topic list): it is marked read when opened.
   */
  markIfUnread(): void {
    const conversation = this.chat.conversationStore.get(this.conversationID);
    const isUnlistedTopic = !conversation && topicOfConversation(this.conversationID) !== null;
    if (isUnlistedTopic || (conversation?.unreadCount ?? 0) > 0) this.mark();
  }

  mark(): void {
    if (!this.isShown()) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = true;
    this.chat
      .setMessageRead({ conversationID: this.conversationID })
      .catch(() => undefined)
      .finally(() => {
        this.inFlight = false;
        if (this.again) {
          this.again = false;
          this.mark();
        }
      });
  }
}
