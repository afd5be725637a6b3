import { ErrorCode, LiaisonError, type MessageRemindType, restGroupSchemas, toConversationID } from '@liaison/protocol';
import { userTarget } from '../../bus/bus';
import type { GroupAdminDeps } from '../groups/group-admin';
import { memberCommands } from '../groups/rest-member-commands';
import { GROUP_CODES } from '../groups/rest-owner';
import { requireConversation } from '../messages/keys';
import { restCommand } from '../rest-command';
import type { ConversationDeps } from './conversation-deletion';
import { patchConversation } from './conversations';

/**
 * group_open_http_svc/modify_group_member_info: the group's part (rest-member-commands.ts, which
 * also checks the member is in the group), then MsgFlag, the member's own receive option for the
 * group, which lives with their conversations.
 */
export const modifyGroupMemberInfo = restCommand({
  schema: restGroupSchemas.modify_group_member_info,
  codes: GROUP_CODES,
  async run(deps: GroupAdminDeps, body, caller) {
    await memberCommands.modify_group_member_info.run(deps, body, caller);
    if (body.MsgFlag !== undefined) {
      await setMemberRemindType(deps, { groupID: body.GroupId, userID: body.Member_Account }, body.MsgFlag);
    }
    return {};
  },
});

/**
 * A member's receive option for a group, set for them as their setMessageRemindType would: every
 * session of theirs gets the conversation as changed. A group conversation they deleted keeps the
 * setting for when it shows again.
 */
async function setMemberRemindType(
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
