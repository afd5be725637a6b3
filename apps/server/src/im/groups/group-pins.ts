import {
  ErrorCode,
  GroupType,
  LiaisonError,
  Limits,
  type OpRequestParsed,
  type OpResponse,
  toConversationID,
  type WireMessage,
} from '@liaison/protocol';
import { groupTarget } from '../../bus/bus';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { columnsOf } from '../messages/history';
import { groupKey, requireConversation } from '../messages/keys';
import { redactInlineRecords } from '../messages/merged-redaction';
import { requireVisibleMessages } from '../messages/visible-messages';
import { type MessageRow, toWireMessage } from '../rows';
import { loadAsMember, noPermission, requireManager } from './group-access';
import type { GroupDataDeps } from './group-attributes';

/**
 * Pinned group messages (the reference's pinGroupMessage; docs/groups.md). The owner and admins
 * pin and unpin, at most 10 messages a group, in every group type but AVChatRoom (the reference
 * offers pinning in ordinary groups only); every member reads the list. A pin shows the message
 * to the whole group, as the reference's does, whenever the reader joined.
 */
export async function pinGroupMessage(
  deps: GroupDataDeps,
  userID: string,
  body: OpRequestParsed<'pinGroupMessage'>,
): Promise<OpResponse<'pinGroupMessage'>> {
  const { groupID } = body;
  const changed = await deps.db.transaction(async (tx) => {
    const { group, actor } = await loadAsMember(tx, groupID, userID, { lock: true });
    if (group.type === GroupType.AVCHATROOM) throw noPermission('messages of an AVChatRoom are not pinned');
    requireManager(actor, body.isPinned ? 'pin messages' : 'unpin messages');
    const ref = requireConversation(userID, toConversationID('GROUP', groupID));
    const [message] = await requireVisibleMessages(tx, userID, ref, [body.messageID]);
    if (!message) throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND);
    if (!body.isPinned) {
      const removed = await tx.query('DELETE FROM group_pinned_messages WHERE group_id = $1 AND seq = $2 RETURNING 1', [
        groupID,
        message.seq,
      ]);
      return removed.length > 0 ? message.seq : null;
    }
    const pinned = await tx.query<{ seq: unknown }>('SELECT seq FROM group_pinned_messages WHERE group_id = $1', [
      groupID,
    ]);
    if (pinned.some((p) => toNumber(p.seq) === message.seq))
      throw new LiaisonError(ErrorCode.GROUP_MESSAGE_ALREADY_PINNED);
    if (pinned.length >= Limits.GROUP_PINNED_MESSAGES_MAX) {
      throw new LiaisonError(ErrorCode.GROUP_PINNED_MESSAGE_COUNT_LIMIT);
    }
    await tx.query('INSERT INTO group_pinned_messages (group_id, seq, pinned_by, pinned_at) VALUES ($1, $2, $3, $4)', [
      groupID,
      message.seq,
      userID,
      Date.now(),
    ]);
    return message.seq;
  });
  if (changed !== null) {
    const [message] = await messagesAt(deps.db, groupID, [changed]);
    const [operatorInfo] = await pinnersOf(deps.db, [userID]);
    if (message && operatorInfo) {
      deps.bus.publish([groupTarget(groupID)], {
        event: 'pinnedGroupMessage',
        data: { groupID, message, isPinned: body.isPinned, operatorInfo },
      });
      await deps.bus.flush();
    }
  }
  return {};
}

/** Every pinned message of the group, oldest pin first, with who pinned it. Members only. */
export async function getPinnedGroupMessageList(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'getPinnedGroupMessageList'>,
): Promise<OpResponse<'getPinnedGroupMessageList'>> {
  await loadAsMember(db, body.groupID, userID);
  const pins = await db.query<{ seq: unknown; pinned_by: string }>(
    'SELECT seq, pinned_by FROM group_pinned_messages WHERE group_id = $1 ORDER BY pinned_at, seq',
    [body.groupID],
  );
  const seqs = pins.map((p) => toNumber(p.seq));
  const messages = new Map((await messagesAt(db, body.groupID, seqs)).map((m) => [m.sequence, m]));
  const pinners = new Map(
    (
      await pinnersOf(
        db,
        pins.map((p) => p.pinned_by),
      )
    ).map((p) => [p.userID, p]),
  );
  return {
    messageList: pins.flatMap((pin) => {
      const message = messages.get(toNumber(pin.seq));
      const pinnerInfo = pinners.get(pin.pinned_by) ?? { userID: pin.pinned_by, nick: '', avatar: '' };
      return message ? [{ message, pinnerInfo }] : [];
    }),
  };
}

async function messagesAt(db: Sql, groupID: string, seqs: readonly number[]): Promise<WireMessage[]> {
  if (seqs.length === 0) return [];
  const rows = await db.query<MessageRow>(
    `SELECT ${columnsOf('m')} FROM messages m WHERE m.conv_key = $1 AND m.seq = ANY($2::bigint[])`,
    [groupKey(groupID), [...seqs]],
  );
  return redactInlineRecords(db, rows.map(toWireMessage));
}

async function pinnersOf(
  db: Sql,
  userIDs: readonly string[],
): Promise<Array<{ userID: string; nick: string; avatar: string }>> {
  const rows = await db.query<{ user_id: string; nick: string | null; avatar: string | null }>(
    'SELECT user_id, nick, avatar FROM users WHERE user_id = ANY($1)',
    [[...new Set(userIDs)]],
  );
  return rows.map((r) => ({ userID: r.user_id, nick: r.nick ?? '', avatar: r.avatar ?? '' }));
}
