import { type ChatEvent, type ChatSDK, type Conversation, EVENT, type Message, TYPES } from '@liaison/sdk';
import { businessIDOf, parseCustomData } from '../chat/message/custom/custom-data';
import { groupConversationID, groupOfConversation } from '../core/conversation-group';

/** What a desktop notification shows for a message. */
export interface NotificationContent {
  title: string;
  body: string;
  icon?: string;
}

export interface NotifierOptions {
  chat: ChatSDK;
  /** Whether the user is looking at one of the kit's tabs, and which tab shows a given notification. */
  tabs: { isAnyTabAttended(): boolean; claim(key: string): Promise<boolean> };
  describe(message: Message, conversation: Conversation | undefined): NotificationContent;
  /** The notification was clicked: open its conversation (the tab has been focused). */
  onOpen(conversationID: string): void;
  /** The browser's Notification, when there is one (injectable for tests). */
  Notification?: typeof Notification;
  win?: Pick<Window, 'focus'>;
}

/**
 * Custom messages that are signals between clients, or tips ('X created the group', read for
 * every member when it is sent), never news for a person.
 */
const SIGNAL_BUSINESS_IDS: ReadonlySet<string> = new Set(['user_typing_status', '1', 'group_create']);

/**
 * Whether an incoming message is worth a desktop notification: someone else's, in a conversation
 * that notifies (not muted), and something a person said (no group tips, system notices, signals
 * or revoked messages).
 */
export function isNotifiable(message: Message, conversation: Conversation | undefined, me: string): boolean {
  if (message.flow !== 'in' || message.from === me) return false;
  if (conversation?.isMuted) return false;
  if (message.isRevoked || message.isSystemMessage) return false;
  if (message.type === TYPES.MSG_GRP_TIP || message.type === TYPES.MSG_GRP_SYS_NOTICE) return false;
  if (message.type === TYPES.MSG_CUSTOM && SIGNAL_BUSINESS_IDS.has(businessIDOf(parseCustomData(message)))) {
    return false;
  }
  return true;
}

/**
 * Desktop notifications (issue 11): while the user looks at none of the kit's tabs (this page is
 * hidden or unfocused, and so are the others), each notifiable incoming message shows one
 * notification, in one tab only, tagged with its message ID. Clicking it focuses the tab and opens
 * the conversation. Nothing is shown without the user's permission (asked elsewhere).
 */
export class DesktopNotifier {
  private readonly handleReceived = (event: ChatEvent<typeof EVENT.MESSAGE_RECEIVED>) => {
    for (const message of event.data) void this.consider(message);
  };

  constructor(private readonly options: NotifierOptions) {}

  start(): void {
    this.options.chat.on(EVENT.MESSAGE_RECEIVED, this.handleReceived);
  }

  stop(): void {
    this.options.chat.off(EVENT.MESSAGE_RECEIVED, this.handleReceived);
  }

  private async consider(message: Message): Promise<void> {
    const { chat, tabs } = this.options;
    const NotificationImpl = this.options.Notification ?? globalThis.Notification;
    if (NotificationImpl?.permission !== 'granted') return;
    // A topic's message notifies as its community's: muted with it, named after it.
    const groupID = groupOfConversation(message.conversationID);
    const conversation = chat.conversationStore.get(groupID ? groupConversationID(groupID) : message.conversationID);
    const me = chat.getLoginUser();
    if (!isNotifiable(message, conversation, me) || tabs.isAnyTabAttended()) return;
    if (!(await tabs.claim(`${me}/${message.ID}`))) return;
    const content = this.options.describe(message, conversation);
    const notification = new NotificationImpl(content.title, {
      body: content.body,
      tag: message.ID,
      ...(content.icon ? { icon: content.icon } : {}),
    });
    notification.onclick = () => {
      (this.options.win ?? window).focus();
      this.options.onOpen(message.conversationID);
      notification.close();
    };
  }
}
