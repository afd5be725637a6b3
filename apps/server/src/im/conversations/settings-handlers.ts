import { toConversationID } from '@liaison/protocol';
import { userTarget } from '../../bus/bus';
import type { OpHandlers } from '../handler';
import { requireConversation } from '../messages/keys';
import * as receipts from '../receipts/receipts';
import type { ClientSession, SessionUser } from '../session';
import type { ConversationDeps } from './conversation-deletion';
import * as groups from './conversation-groups';
import * as settings from './conversation-settings';
import { clearHistory } from './conversations';
import { tellOtherTabs } from './other-tabs';
import { getReceiveOpt, setReceiveOpt } from './receive-options';

/**
 * The user's own settings over conversations (issue 27): cleared history, read all, custom data,
 * marks, conversation groups and the notification setting for all messages. Each change reaches
 * the user's other tabs.
 */
export const conversationSettingHandlers: OpHandlers<
  | 'clearHistoryMessage'
  | 'setAllMessageRead'
  | 'setAllReceiveMessageOpt'
  | 'getAllReceiveMessageOpt'
  | 'setConversationCustomData'
  | 'markConversation'
  | 'getConversationGroupList'
  | 'createConversationGroup'
  | 'deleteConversationGroup'
  | 'renameConversationGroup'
  | 'addConversationsToGroup'
  | 'deleteConversationsFromGroup',
  ConversationDeps
> = {
  async clearHistoryMessage(deps, session, user, body) {
    const ref = requireConversation(user.userID, body.conversationID);
    const result = await receipts.tellPeerWhenRead(deps, user.userID, ref.conversationID, async () => ({
      conversation: await clearHistory(deps.db, user.userID, ref),
    }));
    tellOtherTabs(deps.bus, session, user, 'conversation', result);
    return result;
  },

  async setAllMessageRead(deps, session, user, body) {
    const { conversationList, peerReads } = await settings.readAll(deps.db, user.userID, body.scope);
    const conversationID = toConversationID('C2C', user.userID);
    for (const { peer, readSequence } of peerReads) {
      deps.bus.publish([userTarget(peer)], {
        event: 'peerRead',
        data: { conversationID, peerReadSequence: readSequence },
      });
    }
    if (conversationList.length > 0) tellOtherTabs(deps.bus, session, user, 'conversations', { conversationList });
    return { conversationList };
  },

  async setAllReceiveMessageOpt(deps, session, user, body) {
    const opt = await setReceiveOpt(deps.db, user.userID, body);
    tellOtherTabs(deps.bus, session, user, 'receiveMessageOpt', opt);
    return opt;
  },

  async getAllReceiveMessageOpt({ db }, _session, user) {
    return getReceiveOpt(db, user.userID);
  },

  async setConversationCustomData(deps, session, user, body) {
    const result = await settings.setCustomData(deps.db, user.userID, body.conversationIDList, body.customData);
    tellOtherTabs(deps.bus, session, user, 'conversations', { conversationList: result.conversationList });
    return result;
  },

  async markConversation(deps, session, user, body) {
    const result = await settings.mark(deps.db, user.userID, body.conversationIDList, body.markType, body.enableMark);
    tellOtherTabs(deps.bus, session, user, 'conversations', { conversationList: result.conversationList });
    return result;
  },

  async getConversationGroupList({ db }, _session, user) {
    return { groupNameList: await groups.groupNames(db, user.userID) };
  },

  async createConversationGroup(deps, session, user, body) {
    const change = await groups.createGroup(deps.db, user.userID, body.groupName, body.conversationIDList);
    return tellGroups(deps, session, user, change, null);
  },

  async deleteConversationGroup(deps, session, user, body) {
    return tellGroups(deps, session, user, await groups.deleteGroup(deps.db, user.userID, body.groupName), null);
  },

  async renameConversationGroup(deps, session, user, body) {
    const change = await groups.renameGroup(deps.db, user.userID, body.oldName, body.newName);
    return tellGroups(deps, session, user, change, null);
  },

  async addConversationsToGroup(deps, session, user, body) {
    const change = await groups.addToGroup(deps.db, user.userID, body.groupName, body.conversationIDList);
    return tellGroups(deps, session, user, change, body.groupName);
  },

  async deleteConversationsFromGroup(deps, session, user, body) {
    const change = await groups.removeFromGroup(deps.db, user.userID, body.groupName, body.conversationIDList);
    return tellGroups(deps, session, user, change, body.groupName);
  },
};

/** The user's other tabs learn the groups' names and the conversations whose groups changed. */
function tellGroups(
  deps: ConversationDeps,
  session: ClientSession,
  user: SessionUser,
  change: groups.GroupChange,
  updatedGroupName: string | null,
): groups.GroupChange {
  tellOtherTabs(deps.bus, session, user, 'conversationGroups', {
    groupNameList: change.groupNameList,
    conversationList: change.conversationList,
    updatedGroupName,
  });
  return change;
}
