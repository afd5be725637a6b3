import {
  ErrorCode,
  LiaisonError,
  Limits,
  type OpRequestParsed,
  type OpResponse,
  type PushEvent,
  type ReactionSummary,
  type ReactionUser,
  SYSTEM_SENDER,
  toConversationID,
} from '@liaison/protocol';
import type { Bus } from '../../bus/bus';
import { userTarget } from '../../bus/bus';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { groupAudience } from '../messages/delivery';
import type { ConversationRef } from '../messages/keys';
import { requireConversation } from '../messages/keys';
import { type MessageFacts, requireVisibleMessages, visibleMessages } from '../messages/visible-messages';

/**
 * Message reactions (docs/reactions-and-receipts.md). One row per user and reaction, written when
 * they react and deleted when they take it back: nothing is stored per message at send time.
 * Counts are exact however many reacted; at most REACTIONS_PER_MESSAGE_MAX distinct reactions per
 * message; only REACTION_USERS_LISTED_MAX reactors are ever listed per reaction.
 */
export interface ReactionDeps {
  db: Database;
  bus: Bus;
}

/** Tips and notices are the server's, not anyone's message to react to. */
const SERVER_MADE_TYPES: ReadonlySet<string> = new Set(['TIMGroupTipElem', 'TIMGroupSystemNoticeElem']);

/**
 * addMessageReaction: idempotent (reacting again changes nothing and tells no one). A reaction the
 * message does not carry yet is refused with 60045 once it carries the maximum. The message's row
 * is locked meanwhile, so two new reactions at once cannot both take the last place, and a revoke
 * (which locks it too) cannot slip in between the check and the insert.
 */
export function addMessageReaction(
  deps: ReactionDeps,
  userID: string,
  body: OpRequestParsed<'addMessageReaction'>,
): Promise<OpResponse<'addMessageReaction'>> {
  return changeReaction(deps, userID, body, true);
}

/** removeMessageReaction: idempotent; the answer is the reaction as it is now (totalUserCount 0 when gone). */
export function removeMessageReaction(
  deps: ReactionDeps,
  userID: string,
  body: OpRequestParsed<'removeMessageReaction'>,
): Promise<OpResponse<'removeMessageReaction'>> {
  return changeReaction(deps, userID, body, false);
}

/**
 * getMessageReactions: each visible message of the list with its reactions, in the order they
 * were first used, the first maxUserCountPerReaction reactors of each (oldest first) and whether
 * the caller is among them. Messages the caller cannot see are left out of the answer (a deleted
 * one does not fail the rest); revoked messages, tips and notices carry none.
 */
export async function getMessageReactions(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'getMessageReactions'>,
): Promise<OpResponse<'getMessageReactions'>> {
  const ref = requireConversation(userID, body.conversationID);
  const ids = [...new Set(body.messageIDList)];
  const found = new Map((await visibleMessages(db, userID, ref, ids)).map((m) => [m.id, m]));
  const reactable = [...found.values()].filter(isReactable);
  const lists = await reactionLists(
    db,
    ref.key,
    reactable.map((m) => m.seq),
    userID,
    body.maxUserCountPerReaction ?? Limits.REACTION_PARTIAL_USERS_MAX,
  );
  return {
    resultList: ids.flatMap((id) => {
      const message = found.get(id);
      return message ? [{ messageID: id, reactionList: lists.get(message.seq) ?? [] }] : [];
    }),
  };
}

/**
 * getAllUserListOfMessageReaction: the reactors of one reaction, oldest first, `count` (≤ 100) a
 * page from `nextSeq` (an offset; 0 first). Listing stops after REACTION_USERS_LISTED_MAX users
 * (isCompleted then), whatever totalUserCount says.
 */
export async function getAllUserListOfMessageReaction(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'getAllUserListOfMessageReaction'>,
): Promise<OpResponse<'getAllUserListOfMessageReaction'>> {
  const ref = requireConversation(userID, body.conversationID);
  const [message] = await requireVisibleMessages(db, userID, ref, [body.messageID]);
  const offset = body.nextSeq ?? 0;
  const limit = Math.min(body.count ?? Limits.REACTION_USERS_PAGE_MAX, Limits.REACTION_USERS_LISTED_MAX - offset);
  if (!message || !isReactable(message) || limit <= 0) return { userList: [], nextSeq: 0, isCompleted: true };
  const rows = await db.query<{ user_id: string; nick: string | null; avatar: string | null }>(
    `SELECT r.user_id, u.nick, u.avatar FROM message_reactions r LEFT JOIN users u ON u.user_id = r.user_id
      WHERE r.conv_key = $1 AND r.seq = $2 AND r.reaction_id = $3
      ORDER BY r.created_at, r.user_id OFFSET $4 LIMIT $5`,
    [ref.key, message.seq, body.reactionID, offset, limit + 1],
  );
  const page = rows.slice(0, limit);
  const end = offset + page.length;
  const isCompleted = rows.length <= limit || end >= Limits.REACTION_USERS_LISTED_MAX;
  return {
    userList: page.map((r) => ({ userID: r.user_id, nick: r.nick ?? '', avatar: r.avatar ?? '' })),
    nextSeq: isCompleted ? 0 : end,
    isCompleted,
  };
}

async function changeReaction(
  deps: ReactionDeps,
  userID: string,
  body: OpRequestParsed<'addMessageReaction'>,
  isAdd: boolean,
): Promise<OpResponse<'addMessageReaction'>> {
  const ref = requireConversation(userID, body.conversationID);
  const { reactionID } = body;
  const outcome = await deps.db.transaction(async (tx) => {
    const [message] = await requireVisibleMessages(tx, userID, ref, [body.messageID], { lock: true });
    if (!message) throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND);
    if (!isReactable(message)) {
      throw new LiaisonError(
        ErrorCode.INVALID_PARAMS,
        message.isRevoked ? 'A revoked message takes no reactions' : 'Group tips and notices take no reactions',
      );
    }
    const changed = isAdd
      ? await insertReaction(tx, ref.key, message.seq, reactionID, userID)
      : await deleteReaction(tx, ref.key, message.seq, reactionID, userID);
    const list = (await reactionLists(tx, ref.key, [message.seq], userID)).get(message.seq) ?? [];
    return { message, changed, list };
  });
  const reaction = outcome.list.find((r) => r.reactionID === reactionID) ?? {
    reactionID,
    totalUserCount: 0,
    partialUserList: [],
    reactedByMyself: false,
  };
  if (outcome.changed) {
    // The same for everyone: each client sets reactedByMyself from what it knows of its user.
    const forEveryone = (r: ReactionSummary): ReactionSummary => ({ ...r, reactedByMyself: false });
    await publishReaction(deps.bus, ref, outcome.message, userID, {
      messageID: outcome.message.id,
      userID,
      isAdd,
      reaction: forEveryone(reaction),
      reactionList: outcome.list.map(forEveryone),
    });
  }
  return { messageID: outcome.message.id, reaction };
}

/** True when a row was added; 60045 when the reaction is new to a message that has the most it may. */
async function insertReaction(tx: Sql, key: string, seq: number, reactionID: string, userID: string): Promise<boolean> {
  const used = await tx.query<{ reaction_id: string; mine: boolean }>(
    `SELECT reaction_id, bool_or(user_id = $3) AS mine FROM message_reactions
      WHERE conv_key = $1 AND seq = $2 GROUP BY reaction_id`,
    [key, seq, userID],
  );
  const existing = used.find((r) => r.reaction_id === reactionID);
  if (existing?.mine) return false;
  if (!existing && used.length >= Limits.REACTIONS_PER_MESSAGE_MAX) throw new LiaisonError(ErrorCode.REACTION_LIMIT);
  await tx.query(
    `INSERT INTO message_reactions (conv_key, seq, reaction_id, user_id, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
    [key, seq, reactionID, userID, Date.now()],
  );
  return true;
}

async function deleteReaction(tx: Sql, key: string, seq: number, reactionID: string, userID: string): Promise<boolean> {
  const removed = await tx.query(
    `DELETE FROM message_reactions WHERE conv_key = $1 AND seq = $2 AND reaction_id = $3 AND user_id = $4
     RETURNING 1`,
    [key, seq, reactionID, userID],
  );
  return removed.length > 0;
}

interface SummaryRow {
  seq: unknown;
  reaction_id: string;
  total: unknown;
  mine: boolean;
  users: unknown;
}

/**
 * The reactions of some messages of one conversation, by sequence: each in the order it was first
 * used, its exact count, whether `viewer` reacted so, and its first `partial` reactors with their
 * profiles. One statement whatever the number of messages.
 */
export async function reactionLists(
  db: Sql,
  key: string,
  seqs: readonly number[],
  viewer: string,
  partial: number = Limits.REACTION_PARTIAL_USERS_MAX,
): Promise<Map<number, ReactionSummary[]>> {
  const result = new Map<number, ReactionSummary[]>();
  if (seqs.length === 0) return result;
  const rows = await db.query<SummaryRow>(
    `WITH counts AS (
       SELECT seq, reaction_id, count(*) AS total, bool_or(user_id = $3) AS mine, min(created_at) AS first_at
         FROM message_reactions WHERE conv_key = $1 AND seq = ANY($2::bigint[])
        GROUP BY seq, reaction_id
     )
     SELECT c.seq, c.reaction_id, c.total, c.mine,
            COALESCE((
              SELECT jsonb_agg(jsonb_build_object('userID', f.user_id, 'nick', COALESCE(u.nick, ''),
                                                  'avatar', COALESCE(u.avatar, ''))
                               ORDER BY f.created_at, f.user_id)
                FROM (SELECT r.user_id, r.created_at FROM message_reactions r
                       WHERE r.conv_key = $1 AND r.seq = c.seq AND r.reaction_id = c.reaction_id
                       ORDER BY r.created_at, r.user_id LIMIT $4) f
                LEFT JOIN users u ON u.user_id = f.user_id
            ), '[]'::jsonb) AS users
       FROM counts c
      ORDER BY c.seq, c.first_at, c.reaction_id`,
    [key, [...seqs], viewer, partial],
  );
  for (const row of rows) {
    const seq = toNumber(row.seq);
    const list = result.get(seq) ?? [];
    list.push({
      reactionID: row.reaction_id,
      totalUserCount: toNumber(row.total),
      partialUserList: (typeof row.users === 'string' ? JSON.parse(row.users) : row.users) as ReactionUser[],
      reactedByMyself: row.mine,
    });
    result.set(seq, list);
  }
  return result;
}

function isReactable(message: MessageFacts): boolean {
  return !message.isRevoked && !SERVER_MADE_TYPES.has(message.type) && message.sender !== SYSTEM_SENDER;
}

/**
 * `messageReaction` to everyone who sees the message, the reactor's other tabs and the acting one
 * included (its SDK emits the event from the push, as every other tab's does). A C2C push names
 * the conversation as each side sees it, so the two sides get one each.
 */
async function publishReaction(
  bus: Bus,
  ref: ConversationRef,
  message: MessageFacts,
  actor: string,
  data: Omit<PushEvent<'messageReaction'>, 'conversationID'>,
): Promise<void> {
  if (ref.type === 'GROUP') {
    bus.publish(groupAudience(ref.target, message), {
      event: 'messageReaction',
      data: { conversationID: ref.conversationID, ...data },
    });
  } else {
    bus.publish([userTarget(actor)], {
      event: 'messageReaction',
      data: { conversationID: ref.conversationID, ...data },
    });
    if (ref.target !== actor) {
      bus.publish([userTarget(ref.target)], {
        event: 'messageReaction',
        data: { conversationID: toConversationID('C2C', actor), ...data },
      });
    }
  }
  await bus.flush();
}
