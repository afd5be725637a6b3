import { type Call, CallMediaType, callRecordData } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { c2cKey, groupKey } from '../messages/keys';
import type { MessageWriter } from '../messages/message-writer';

/**
 * The record a finished call leaves in its conversation: one custom message from the inviter
 * (callRecordData, which the kit's CallRecord renderer reads), written through the message
 * writer like the cooperation notice, so it is sequenced, synced, in both histories and in the
 * conversation list. Server-made: no send rule applies (a group call's record still lands when
 * its inviter has left the group since). Its ID is the call's, so a second attempt stores nothing twice.
 */
export async function sendCallRecord(deps: { db: Sql; writer: MessageWriter }, call: Call): Promise<void> {
  const [inviter] = await deps.db.query<{ nick: string; avatar: string }>(
    'SELECT nick, avatar FROM users WHERE user_id = $1',
    [call.inviterID],
  );
  const address = conversationOf(call);
  if (!inviter || !address) return;
  await deps.writer.submit({
    ...address,
    sender: call.inviterID,
    id: `call-${call.callID}`,
    type: 'TIMCustomElem',
    payload: { data: callRecordData(call), description: callRecordDescription(call), extension: '' },
    atUserList: [],
    clientTime: Math.floor((call.endedAt ?? Date.now()) / 1000),
    random: Math.floor(Math.random() * 2 ** 31),
    nick: inviter.nick,
    avatar: inviter.avatar,
    cloudCustomData: '',
    needReadReceipt: false,
    origin: '',
    system: true,
  });
}

/** Where the record goes: the group, or the one-to-one chat of the inviter and the callee. */
function conversationOf(call: Call): { key: string; convType: 'C2C' | 'GROUP'; recipient: string } | null {
  if (call.groupID !== null) return { key: groupKey(call.groupID), convType: 'GROUP', recipient: call.groupID };
  const peer = call.participants.find((p) => p.userID !== call.inviterID)?.userID;
  return peer === undefined ? null : { key: c2cKey(call.inviterID, peer), convType: 'C2C', recipient: peer };
}

/** What clients that do not draw call records show, and the conversation list's abstract. */
export function callRecordDescription(call: Pick<Call, 'type'>): string {
  return call.type === CallMediaType.VIDEO ? '[视频通话]' : '[语音通话]';
}
