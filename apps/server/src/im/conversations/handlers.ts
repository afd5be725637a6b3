import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { OpHandlers } from '../handler';
import { type ConversationRef, requireConversation } from '../messages/keys';
import * as receipts from '../receipts/receipts';
import type { ClientSession, SessionUser } from '../session';
import { type ConversationDeps, deleteConversation } from './conversation-deletion';
import * as conversations from './conversations';
import { tellOtherTabs } from './other-tabs';

/** The conversation list and each user's settings of a conversation: conversations.ts. */
export const conversationHandlers: OpHandlers<
  | 'getConversationList'
  | 'getConversationProfile'
  | 'deleteConversation'
  | 'pinConversation'
  | 'setMessageRemindType'
  | 'setConversationDraft'
  | 'setMessageRead'
  | 'getTotalUnreadMessageCount',
  ConversationDeps
> = {
  async getConversationList({ db }, _session, user) {
    return { conversationList: await conversations.listConversations(db, user.userID) };
  },

  async getConversationProfile({ db }, _session, user, body) {
    const ref = requireConversation(user.userID, body.conversationID);
    return { conversation: await conversations.getConversation(db, user.userID, ref) };
  },

  async deleteConversation(deps, session, user, body) {
    const refs = new Map<string, ConversationRef>();
    for (const id of body.conversationIDList) {
      const ref = requireConversation(user.userID, id);
      refs.set(ref.key, ref);
    }
    const deleted: string[] = [];
    for (const ref of refs.values()) {
      if (await deleteConversation(deps, user.userID, ref, body.clearHistoryMessage)) deleted.push(ref.conversationID);
    }
    if (deleted.length === 0) throw new LiaisonError(ErrorCode.CONVERSATION_NOT_FOUND);
    for (const conversationID of deleted) {
      tellOtherTabs(deps.bus, session, user, 'conversationDeleted', { conversationID });
    }
    return { conversationIDList: deleted };
  },

  async pinConversation(deps, session, user, body) {
    return patch(deps, session, user, body.conversationID, { kind: 'pin', isPinned: body.isPinned });
  },

  async setMessageRemindType(deps, session, user, body) {
    return patch(deps, session, user, body.conversationID, {
      kind: 'remind',
      messageRemindType: body.messageRemindType,
    });
  },

  async setConversationDraft(deps, session, user, body) {
    return patch(deps, session, user, body.conversationID, { kind: 'draft', draftText: body.draftText });
  },

  async setMessageRead(deps, session, user, body) {
    // C2C: the peer's tabs learn how far I have read (isPeerRead; im/receipts/receipts.ts).
    return receipts.tellPeerWhenRead(deps, user.userID, body.conversationID, () =>
      patch(deps, session, user, body.conversationID, { kind: 'read' }),
    );
  },

  async getTotalUnreadMessageCount({ db }, _session, user) {
    return { totalUnreadCount: await conversations.totalUnread(db, user.userID) };
  },
};

async function patch(
  deps: ConversationDeps,
  session: ClientSession,
  user: SessionUser,
  conversationID: string,
  change: conversations.ConversationPatch,
) {
  const ref = requireConversation(user.userID, conversationID);
  const conversation = await conversations.patchConversation(deps.db, user.userID, ref, change);
  tellOtherTabs(deps.bus, session, user, 'conversation', { conversation });
  return { conversation };
}
