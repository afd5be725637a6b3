import { ErrorCode, LiaisonError, RestErrorCode, restGroupMessageSchemas, toConversationID } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { groupConversation } from '../groups/rest-group-message-commands';
import { GROUP_CODES } from '../groups/rest-owner';
import { groupKey } from '../messages/keys';
import { NO_SESSION } from '../messages/rest-commands';
import { restCommand } from '../rest-command';
import { type MessageActionDeps, revokeMessage } from './message-actions';

/**
 * group_open_http_svc/group_msg_recall: each sequence's message is revoked with the SDK's
 * revokeMessage by the group's owner (who may revoke anyone's), with no time window, so every
 * member's client gets the same messageUpdated. Each sequence is answered with its own RetCode.
 */
export const groupRecallCommands = {
  group_msg_recall: restCommand({
    schema: restGroupMessageSchemas.group_msg_recall,
    codes: GROUP_CODES,
    async run(deps: MessageActionDeps, body) {
      const { group, to } = await groupConversation(deps.db, body);
      const sequences = body.MsgSeqList.map((item) => item.MsgSeq);
      const ids = await messageIDsAt(deps.db, groupKey(to), sequences);
      const anyTime = { ...deps, messageActions: { ...deps.messageActions, revokeWindowSeconds: Infinity } };
      const RecallRetList: Array<{ MsgSeq: number; RetCode: number }> = [];
      for (const MsgSeq of sequences) {
        const messageID = ids.get(MsgSeq);
        if (messageID === undefined) {
          RecallRetList.push({ MsgSeq, RetCode: RestErrorCode.GROUP_MSG_NOT_FOUND });
          continue;
        }
        try {
          await revokeMessage(anyTime, NO_SESSION, group.ownerID, {
            conversationID: toConversationID('GROUP', to),
            messageID,
          });
          RecallRetList.push({ MsgSeq, RetCode: 0 });
        } catch (error) {
          if (!(error instanceof LiaisonError)) throw error;
          RecallRetList.push({ MsgSeq, RetCode: recallCode(error.code) });
        }
      }
      return { RecallRetList };
    },
  }),
};

/** The IDs of the conversation's messages at these sequences, by sequence. */
async function messageIDsAt(db: Sql, conversationKey: string, sequences: number[]): Promise<Map<number, string>> {
  const rows = await db.query<{ seq: unknown; id: string }>(
    'SELECT seq, id FROM messages WHERE conv_key = $1 AND seq = ANY($2::bigint[])',
    [conversationKey, sequences],
  );
  return new Map(rows.map((row) => [Number(row.seq), row.id]));
}

/** A revoke's refusal as Tencent's per-message RetCode. */
function recallCode(code: number): number {
  // A group tip.
  if (code === ErrorCode.MESSAGE_REVOKE_DENIED) return RestErrorCode.GROUP_MSG_NOT_RECALLABLE;
  // A message the owner cannot see (sent before they joined, or targeted at others).
  if (code === ErrorCode.MESSAGE_NOT_FOUND) return RestErrorCode.GROUP_MSG_NOT_FOUND;
  return code;
}
