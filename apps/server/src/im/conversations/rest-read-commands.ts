import { RestErrorCode, restOpenimSchemas, toConversationID } from '@liaison/protocol';
import { userTarget } from '../../bus/bus';
import { requireConversation } from '../messages/keys';
import { OPENIM_CODES, requireAccounts, requireParties } from '../messages/rest-commands';
import { tellPeerWhenRead } from '../receipts/receipts';
import { restCommand } from '../rest-command';
import type { ConversationDeps } from './conversation-deletion';
import { listConversations, patchConversation } from './conversations';

/**
 * openim/admin_set_msg_read and get_c2c_unread_msg_num: the SDK's setMessageRead and unread
 * counts (conversations.ts), for a user named by the body. Marking read tells the user's sessions
 * (their conversation) and the peer's (isPeerRead), as the SDK's op does.
 */
export const openimConversationCommands = {
  admin_set_msg_read: restCommand({
    schema: restOpenimSchemas.admin_set_msg_read,
    codes: OPENIM_CODES,
    async run(deps: ConversationDeps, body) {
      const reader = body.Report_Account;
      await requireParties(deps.db, reader, body.Peer_Account);
      const conversationID = toConversationID('C2C', body.Peer_Account);
      const ref = requireConversation(reader, conversationID);
      await tellPeerWhenRead(deps, reader, conversationID, async () => {
        const conversation = await patchConversation(deps.db, reader, ref, { kind: 'read' });
        deps.bus.publish([userTarget(reader)], { event: 'conversation', data: { conversation } });
        return { conversation };
      });
      return {};
    },
  }),

  get_c2c_unread_msg_num: restCommand({
    schema: restOpenimSchemas.get_c2c_unread_msg_num,
    codes: OPENIM_CODES,
    async run(deps: ConversationDeps, body) {
      await requireAccounts(deps.db, [body.To_Account], RestErrorCode.OPENIM_TO_ACCOUNT_INVALID);
      const unread = new Map(
        (await listConversations(deps.db, body.To_Account))
          .filter((conversation) => conversation.type === 'C2C')
          .map((conversation) => [conversation.conversationID, conversation.unreadCount]),
      );
      return {
        AllC2CUnreadMsgNum: [...unread.values()].reduce((sum, count) => sum + count, 0),
        ...(body.Peer_Account
          ? {
              C2CUnreadMsgNumList: body.Peer_Account.map((peer) => ({
                Peer_Account: peer,
                C2CUnreadMsgNum: unread.get(toConversationID('C2C', peer)) ?? 0,
              })),
            }
          : {}),
      };
    },
  }),
};
