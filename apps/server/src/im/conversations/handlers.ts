import type { PushEventName } from '@liaison/protocol';
import { type Bus, userTarget } from '../../bus/bus';
import type { Sql } from '../../db/database';
import type { OpHandlers } from '../handler';
import { requireConversation } from '../messages/keys';
import * as receipts from '../receipts/receipts';
import type { ClientSession, SessionUser } from '../session';
import * as conversations from './conversations';

interface ConversationDeps {
  db: Sql;
  bus: Bus;
}

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
    const ref = requireConversation(user.userID, body.conversationID);
    await receipts.tellPeerWhenCursorMoves(deps, user.userID, ref.conversationID, () =>
      conversations.deleteConversation(deps.db, user.userID, ref),
    );
    tellOtherTabs(deps, session, user, 'conversationDeleted', { conversationID: ref.conversationID });
    return { conversationID: ref.conversationID };
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
  tellOtherTabs(deps, session, user, 'conversation', { conversation });
  return { conversation };
}

function tellOtherTabs(
  deps: ConversationDeps,
  session: ClientSession,
  user: SessionUser,
  event: PushEventName,
  data: unknown,
) {
  deps.bus.publish([userTarget(user.userID)], { event, data, exceptSession: session.id });
}
