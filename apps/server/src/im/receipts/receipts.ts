import {
  ErrorCode,
  GroupType,
  LiaisonError,
  Limits,
  type OpRequestParsed,
  type OpResponse,
  type PushEvent,
  toConversationID,
  type WireConversation,
} from '@liaison/protocol';
import type { Bus } from '../../bus/bus';
import { userTarget } from '../../bus/bus';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import type { ConversationRef } from '../messages/keys';
import { requireConversation } from '../messages/keys';
import { type MessageFacts, requireVisibleMessages } from '../messages/visible-messages';

/**
 * Read receipts (docs/reactions-and-receipts.md).
 *
 * Group messages sent with needReadReceipt: the writer stores how many members besides the sender
 * could read each one (messages.receipt_targets) in the insert itself; a member who reads one adds
 * one row (message_receipts) and the sender's tabs get the new counts (`readReceipt`). Nothing is
 * written per member at send time, so the rows are O(readers). Never in AVChatRoom or Community.
 *
 * C2C has no rows: my message is read once the peer's read cursor (user_conversations.read_seq,
 * moved by setMessageRead and by their own sends) reaches it; conversations carry it as
 * peerReadSequence, and a moved cursor is pushed to the other side (`peerRead`).
 */
export interface ReceiptDeps {
  db: Sql;
  bus: Bus;
}

const WITHOUT_RECEIPTS: ReadonlySet<string> = new Set([GroupType.AVCHATROOM, GroupType.COMMUNITY]);

/**
 * sendMessageReadReceipt: the caller read these messages (≤ 30, one group). Each must be someone
 * else's, sent with needReadReceipt (60046 otherwise; 8003 when not visible), or nothing is
 * recorded. A message is counted once per member (a repeat is a no-op), and only for members who
 * were in the group when it was sent (those it was counted for); the senders whose counts moved
 * get `readReceipt`.
 */
export async function sendMessageReadReceipt(
  deps: ReceiptDeps,
  userID: string,
  body: OpRequestParsed<'sendMessageReadReceipt'>,
): Promise<OpResponse<'sendMessageReadReceipt'>> {
  const { ref, floor, joinedAt } = await requireReceiptGroup(deps.db, userID, body.conversationID);
  const messages = await requireVisibleMessages(deps.db, userID, ref, [...new Set(body.messageIDList)], { floor });
  for (const message of messages) {
    if (message.sender === userID) {
      throw new LiaisonError(ErrorCode.READ_RECEIPT_UNSUPPORTED, `message ${message.id} is your own`);
    }
    if (!message.needReadReceipt) {
      throw new LiaisonError(ErrorCode.READ_RECEIPT_UNSUPPORTED, `message ${message.id} asks for no read receipt`);
    }
  }
  const countable = messages.filter((m) => m.time >= joinedAt);
  if (countable.length === 0) return {};
  const inserted = await deps.db.query<{ seq: unknown }>(
    `INSERT INTO message_receipts (conv_key, seq, user_id, read_at)
     SELECT $1, s, $2, $3 FROM unnest($4::bigint[]) AS s
     ON CONFLICT DO NOTHING RETURNING seq`,
    [ref.key, userID, Date.now(), countable.map((m) => m.seq)],
  );
  if (inserted.length === 0) return {};
  // Counted after the insert committed: concurrent readers each count what is committed by then,
  // so the last of them counts everyone (clients keep the highest count they are told).
  const counts = await readCounts(
    deps.db,
    ref.key,
    inserted.map((r) => toNumber(r.seq)),
  );
  const bySender = new Map<string, PushEvent<'readReceipt'>['messageList']>();
  for (const message of messages) {
    const count = counts.get(message.seq);
    if (!count) continue;
    const list = bySender.get(message.sender) ?? [];
    list.push({ messageID: message.id, ...counted(message, count) });
    bySender.set(message.sender, list);
  }
  for (const [sender, messageList] of bySender) {
    deps.bus.publish([userTarget(sender)], {
      event: 'readReceipt',
      data: { conversationID: ref.conversationID, messageList },
    });
  }
  await deps.bus.flush();
  return {};
}

/**
 * getMessageReadReceiptList: read and unread counts of messages (≤ 30, one conversation) the
 * caller can see. Group: for messages with needReadReceipt, readCount = members who read it,
 * unreadCount = receipt_targets − readCount (never below 0); other messages 0 and 0. C2C: my
 * messages count 1 read or 1 unread by the peer's read cursor; the peer's own messages 0 and 0.
 */
export async function getMessageReadReceiptList(
  deps: ReceiptDeps,
  userID: string,
  body: OpRequestParsed<'getMessageReadReceiptList'>,
): Promise<OpResponse<'getMessageReadReceiptList'>> {
  const requested = requireConversation(userID, body.conversationID);
  const { ref, floor } =
    requested.type === 'GROUP'
      ? await requireReceiptGroup(deps.db, userID, body.conversationID)
      : { ref: requested, floor: undefined };
  const messages = await requireVisibleMessages(deps.db, userID, ref, [...new Set(body.messageIDList)], { floor });
  if (ref.type === 'C2C') {
    const peerRead = await readCursor(deps.db, ref.target, ref.key);
    return {
      messageList: messages.map((m) => {
        const isMine = m.sender === userID && m.sender !== ref.target;
        const isRead = isMine && m.seq <= peerRead;
        return { messageID: m.id, readCount: isRead ? 1 : 0, unreadCount: isMine && !isRead ? 1 : 0 };
      }),
    };
  }
  const counts = await readCounts(
    deps.db,
    ref.key,
    messages.filter((m) => m.needReadReceipt).map((m) => m.seq),
  );
  return {
    messageList: messages.map((m) => ({
      messageID: m.id,
      ...(m.needReadReceipt ? counted(m, counts.get(m.seq) ?? 0) : { readCount: 0, unreadCount: 0 }),
    })),
  };
}

interface MemberInfoRow {
  user_id: string;
  nick: string | null;
  avatar: string | null;
  read_at?: unknown;
}

/**
 * getGroupMessageReadMemberList, for the sender of a message with needReadReceipt (10007 for
 * anyone else: who read what is the sender's to know). filter 0: members who read it, in the
 * order they read it (those who left since included: they did read it). filter 1: current members
 * who could read it (in the group when it was sent, not the sender) and have not, by user ID.
 * `count` (≤ 100) a page; `cursor` continues after the last one listed, so reads arriving between
 * pages neither repeat nor skip anyone.
 */
export async function getGroupMessageReadMemberList(
  deps: ReceiptDeps,
  userID: string,
  body: OpRequestParsed<'getGroupMessageReadMemberList'>,
): Promise<OpResponse<'getGroupMessageReadMemberList'>> {
  const { ref, floor } = await requireReceiptGroup(deps.db, userID, body.conversationID);
  const [message] = await requireVisibleMessages(deps.db, userID, ref, [body.messageID], { floor });
  if (!message) throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND);
  if (message.sender !== userID) {
    throw new LiaisonError(ErrorCode.GROUP_NO_PERMISSION, 'Only its sender sees who read a message');
  }
  if (!message.needReadReceipt) {
    throw new LiaisonError(ErrorCode.READ_RECEIPT_UNSUPPORTED, `message ${message.id} asks for no read receipt`);
  }
  const count = body.count ?? Limits.READ_MEMBER_PAGE_MAX;
  const rows =
    body.filter === 0
      ? await readers(deps.db, ref, message, parseReadCursor(body.cursor), count + 1)
      : await nonReaders(deps.db, ref, message, parseUnreadCursor(body.cursor), count + 1);
  const page = rows.slice(0, count);
  const isCompleted = rows.length <= count;
  const last = page[page.length - 1];
  const users = page.map((r) => ({ userID: r.user_id, nick: r.nick ?? '', avatar: r.avatar ?? '' }));
  return {
    messageID: message.id,
    readUserInfoList: body.filter === 0 ? users : [],
    unreadUserInfoList: body.filter === 1 ? users : [],
    cursor: isCompleted || !last ? '' : body.filter === 0 ? `${toNumber(last.read_at)}:${last.user_id}` : last.user_id,
    isCompleted,
  };
}

/**
 * setMessageRead, C2C: runs `markRead` (which moves my read cursor and answers with the
 * conversation) and, when my cursor moved, tells the peer's tabs how far I have read (`peerRead`,
 * the conversation named as they see it). Anything else just runs `markRead`.
 */
export async function tellPeerWhenRead<T extends { conversation: WireConversation }>(
  deps: ReceiptDeps,
  userID: string,
  conversationID: string,
  markRead: () => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  await tellPeerWhenCursorMoves(deps, userID, conversationID, async () => {
    result = await markRead();
    return result.conversation.readSequence;
  });
  return result as T;
}

/**
 * Runs `moveCursor` (which resolves with my read cursor after it) and, in C2C, pushes `peerRead`
 * to the peer's tabs when the cursor moved: whatever moves it (reading, deleting the conversation)
 * the peer learns it live, not only from its next conversation list.
 */
export async function tellPeerWhenCursorMoves(
  deps: ReceiptDeps,
  userID: string,
  conversationID: string,
  moveCursor: () => Promise<number>,
): Promise<void> {
  const ref = requireConversation(userID, conversationID);
  if (ref.type !== 'C2C' || ref.target === userID) {
    await moveCursor();
    return;
  }
  const before = await readCursor(deps.db, userID, ref.key);
  const after = await moveCursor();
  if (after > before) {
    deps.bus.publish([userTarget(ref.target)], {
      event: 'peerRead',
      data: { conversationID: toConversationID('C2C', userID), peerReadSequence: after },
    });
    await deps.bus.flush();
  }
}

/**
 * A group conversation with read receipts that the caller is in (10010 / 10011; 60046 in C2C,
 * AVChatRoom and Community), with the caller's history floor there and when they joined, in one query.
 */
async function requireReceiptGroup(
  db: Sql,
  userID: string,
  conversationID: string,
): Promise<{ ref: ConversationRef; floor: number; joinedAt: number }> {
  const ref = requireConversation(userID, conversationID);
  if (ref.type !== 'GROUP') {
    throw new LiaisonError(
      ErrorCode.READ_RECEIPT_UNSUPPORTED,
      'A C2C message is read when the peer reads the conversation (setMessageRead)',
    );
  }
  const [row] = await db.query<{ type: string; join_time: unknown; floor_seq: unknown }>(
    `SELECT g.type, m.join_time, uc.floor_seq FROM groups g
       LEFT JOIN group_members m ON m.group_id = g.group_id AND m.user_id = $2
       LEFT JOIN user_conversations uc ON uc.user_id = $2 AND uc.conv_key = $3
      WHERE g.group_id = $1`,
    [ref.target, userID, ref.key],
  );
  if (!row) throw new LiaisonError(ErrorCode.GROUP_NOT_FOUND);
  if (row.join_time === null || row.floor_seq === null) throw new LiaisonError(ErrorCode.GROUP_NOT_MEMBER);
  if (WITHOUT_RECEIPTS.has(row.type)) {
    throw new LiaisonError(ErrorCode.READ_RECEIPT_UNSUPPORTED, `${row.type} groups have no read receipts`);
  }
  return { ref, floor: toNumber(row.floor_seq), joinedAt: toNumber(row.join_time) };
}

function counted(message: MessageFacts, readCount: number): { readCount: number; unreadCount: number } {
  return { readCount, unreadCount: Math.max(0, message.receiptTargets - readCount) };
}

/** Members who read each message, by sequence (messages nobody read are absent). */
async function readCounts(db: Sql, key: string, seqs: readonly number[]): Promise<Map<number, number>> {
  if (seqs.length === 0) return new Map();
  const rows = await db.query<{ seq: unknown; n: unknown }>(
    `SELECT seq, count(*) AS n FROM message_receipts WHERE conv_key = $1 AND seq = ANY($2::bigint[]) GROUP BY seq`,
    [key, [...seqs]],
  );
  return new Map(rows.map((r) => [toNumber(r.seq), toNumber(r.n)]));
}

/** How far a user has read a conversation (0 when they have no view of it). */
async function readCursor(db: Sql, userID: string, key: string): Promise<number> {
  const [row] = await db.query<{ read_seq: unknown }>(
    'SELECT read_seq FROM user_conversations WHERE user_id = $1 AND conv_key = $2',
    [userID, key],
  );
  return toNumber(row?.read_seq);
}

function readers(
  db: Sql,
  ref: ConversationRef,
  message: MessageFacts,
  after: { readAt: number; userID: string } | null,
  limit: number,
): Promise<MemberInfoRow[]> {
  return db.query<MemberInfoRow>(
    `SELECT r.user_id, r.read_at, u.nick, u.avatar
       FROM message_receipts r LEFT JOIN users u ON u.user_id = r.user_id
      WHERE r.conv_key = $1 AND r.seq = $2 AND ($3::bigint IS NULL OR (r.read_at, r.user_id) > ($3::bigint, $4::text))
      ORDER BY r.read_at, r.user_id LIMIT $5`,
    [ref.key, message.seq, after?.readAt ?? null, after?.userID ?? '', limit],
  );
}

function nonReaders(
  db: Sql,
  ref: ConversationRef,
  message: MessageFacts,
  afterUserID: string,
  limit: number,
): Promise<MemberInfoRow[]> {
  return db.query<MemberInfoRow>(
    `SELECT m.user_id, u.nick, u.avatar
       FROM group_members m LEFT JOIN users u ON u.user_id = m.user_id
      WHERE m.group_id = $1 AND m.user_id <> $2 AND m.join_time <= $3 AND m.user_id > $4
        AND NOT EXISTS (SELECT 1 FROM message_receipts r
                         WHERE r.conv_key = $5 AND r.seq = $6 AND r.user_id = m.user_id)
      ORDER BY m.user_id LIMIT $7`,
    [ref.target, message.sender, message.time, afterUserID, ref.key, message.seq, limit],
  );
}

/** '' or absent: from the start; else `<read_at>:<userID>` from the previous page. */
function parseReadCursor(cursor: string | undefined): { readAt: number; userID: string } | null {
  if (!cursor) return null;
  const match = /^(\d{1,16}):(.+)$/.exec(cursor);
  if (!match) throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'cursor: not one this list gave');
  return { readAt: Number(match[1]), userID: match[2] as string };
}

/** '' or absent: from the start; else the last user ID of the previous page. */
function parseUnreadCursor(cursor: string | undefined): string {
  return cursor ?? '';
}
