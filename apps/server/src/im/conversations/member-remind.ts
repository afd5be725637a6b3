import { ErrorCode, LiaisonError, type MessageRemindType, toConversationID } from '@liaison/protocol';
import { userTarget } from '../../bus/bus';
import { requireConversation } from '../messages/keys';
import type { ConversationDeps } from './conversation-deletion';
import { patchConversation } from './conversations';

/**
 * A member's receive option for a group (setMessageRemindType's), set for them by the REST API's
 * modify_group_member_info: every session of theirs gets the conversation as changed. A group
 * conversation they deleted keeps the setting for when it shows again.
 */
export async function setMemberRemindType(
  deps: ConversationDeps,
  member: { groupID: string; userID: string },
  messageRemindType: MessageRemindType,
): Promise<void> {
  const ref = requireConversation(member.userID, toConversationID('GROUP', member.groupID));
  try {
    const conversation = await patchConversation(deps.db, member.userID, ref, { kind: 'remind', messageRemindType });
    deps.bus.publish([userTarget(member.userID)], { event: 'conversation', data: { conversation } });
  } catch (error) {
    if (!(error instanceof LiaisonError && error.code === ErrorCode.CONVERSATION_NOT_FOUND)) throw error;
    await deps.db.query('UPDATE user_conversations SET remind_type = $3 WHERE user_id = $1 AND conv_key = $2', [
      member.userID,
      ref.key,
      messageRemindType,
    ]);
  }
}
