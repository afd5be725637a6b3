import {
  ErrorCode,
  GroupRole,
  LiaisonError,
  Limits,
  type OpRequestParsed,
  type OpResponse,
  SYSTEM_SENDER,
  type WireMessage,
} from '@liaison/protocol';
import type { Bus } from '../../bus/bus';
import { userTarget } from '../../bus/bus';
import type { Callbacks } from '../../callbacks/callbacks';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import type { ModerationProvider } from '../../moderation/provider';
import { publishMessageUpdates } from '../messages/delivery';
import { ADDRESSED_TO_ME, NOT_DELETED_BY_ME, VISIBLE_TO_ME, visibleFloor } from '../messages/history';
import type { ConversationRef } from '../messages/keys';
import { requireConversation } from '../messages/keys';
import { deliveredContent } from '../messages/message-content';
import { emptiedPayload, isRevocableType } from '../messages/revoked-content';
import { storedTokens, tokensSql } from '../messages/searchable-text';
import { checkContent } from '../messages/send';
import { MESSAGE_COLUMNS, type MessageRow, toWireMessage } from '../rows';
import { withChange } from './message-changes';
import { withdrawFileGrants } from './revoked-files';

/** What revoking needs to know besides the database: the window, and a clock tests can move. */
export interface MessageActionSettings {
  /** REVOKE_WINDOW_SECONDS: how long after sending its sender may revoke a message. */
  revokeWindowSeconds: number;
  /** Milliseconds since the epoch; Date.now outside tests. */
  now(): number;
}

export const defaultMessageActionSettings: MessageActionSettings = {
  revokeWindowSeconds: Limits.REVOKE_WINDOW_SECONDS,
  now: () => Date.now(),
};

export interface MessageActionDeps {
  db: Database;
  bus: Bus;
  moderation: ModerationProvider;
  messageActions: MessageActionSettings;
  /** Tencent's C2C.CallbackAfterMsgWithDraw (callbacks/); null when CALLBACK_URL is unset. */
  callbacks: Callbacks | null;
}

/** The stored message as the acting user may reach it. */
type StoredMessage = MessageRow & { time: unknown };

/**
 * revokeMessage (docs/message-actions.md). Who: the sender, within the window (20016 after it);
 * in a group also the owner (anyone's message) and admins (plain members' messages, and those of
 * people who left), at any time. Anyone else: 10007 in a group, 60043 in C2C; group tips and
 * notices: 60043. Revoking empties the stored content, withdraws the files it granted, takes a
 * change number and tells every member's tabs but the caller's (`messageUpdated`). A second
 * revoke answers with the revoked message and changes nothing.
 */
export async function revokeMessage(
  deps: MessageActionDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'revokeMessage'>,
): Promise<OpResponse<'revokeMessage'>> {
  const ref = requireConversation(userID, body.conversationID);
  const row = await findMessage(deps.db, userID, ref, body.messageID);
  const isOwn = row.sender === userID;
  if (!isRevocableType(row.type) || row.sender === SYSTEM_SENDER)
    throw new LiaisonError(ErrorCode.MESSAGE_REVOKE_DENIED);
  if (!isOwn) await requireOutranks(deps.db, userID, ref, row.sender);
  if (row.is_revoked) return { message: toWireMessage(row) };
  const { revokeWindowSeconds, now } = deps.messageActions;
  if (isOwn && now() - toNumber(row.time) > revokeWindowSeconds * 1000) {
    throw new LiaisonError(ErrorCode.MESSAGE_REVOKE_TIME_LIMIT);
  }
  const seq = toNumber(row.seq);
  const type = row.type;
  const revoked = await withChange(deps.db, ref.key, async (tx, changeSequence) => {
    const [updated] = await tx.query<MessageRow>(
      `UPDATE messages SET is_revoked = true, revoker = $3, payload = $4, cloud_custom_data = '', change_seq = $5,
                          search_tokens = NULL,
                          revoker_info = (SELECT jsonb_build_object('nick', nick, 'avatar', avatar) FROM users
                                           WHERE user_id = $3)
        WHERE conv_key = $1 AND seq = $2 AND NOT is_revoked
        RETURNING ${MESSAGE_COLUMNS}`,
      [ref.key, seq, userID, JSON.stringify(emptiedPayload(type)), changeSequence],
    );
    if (!updated) return null;
    await withdrawFileGrants(tx, ref.key, row.type, row.payload);
    return toWireMessage(updated);
  });
  // Someone revoked it in the meantime: the same answer as a second revoke.
  if (!revoked) return { message: toWireMessage(await findMessage(deps.db, userID, ref, body.messageID)) };
  await publishMessageUpdates(deps.bus, [revoked], origin);
  if (revoked.conversationType === 'C2C') deps.callbacks?.c2cRevoked(revoked);
  return { message: revoked };
}

/**
 * deleteMessage: the messages disappear for the caller only (history, sync, their last message;
 * their other tabs get `messagesDeleted`). Every ID must name a message the caller can see in
 * this conversation, or nothing is deleted (8003). Deleting again is harmless.
 */
export async function deleteMessage(
  deps: MessageActionDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'deleteMessage'>,
): Promise<OpResponse<'deleteMessage'>> {
  const ref = requireConversation(userID, body.conversationID);
  const ids = [...new Set(body.messageIDList)];
  const floor = await visibleFloor(deps.db, userID, ref);
  if (floor === null) throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND);
  const rows = await deps.db.query<{ id: string; seq: unknown; deleted: boolean }>(
    `SELECT m.id, m.seq, NOT ${NOT_DELETED_BY_ME} AS deleted FROM messages m
      WHERE m.conv_key = $2 AND m.id = ANY($3) AND m.seq > $4 AND ${ADDRESSED_TO_ME} ORDER BY m.seq`,
    [userID, ref.key, ids, floor],
  );
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) {
    throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND, `message ${missing[0]} not found in ${ref.conversationID}`);
  }
  const fresh = rows.filter((r) => !r.deleted);
  if (fresh.length === 0) return { messageIDList: ids };
  const changeSequence = await withChange(deps.db, ref.key, async (tx, change) => {
    await tx.query(
      `INSERT INTO message_deletions (user_id, conv_key, seq, change_seq)
       SELECT $1, $2, s, $4 FROM unnest($3::bigint[]) AS s ON CONFLICT DO NOTHING`,
      [userID, ref.key, fresh.map((r) => toNumber(r.seq)), change],
    );
    return change;
  });
  deps.bus.publish([userTarget(userID)], {
    event: 'messagesDeleted',
    data: { conversationID: ref.conversationID, messageIDList: fresh.map((r) => r.id), changeSequence },
    exceptSession: origin,
  });
  await deps.bus.flush();
  return { messageIDList: ids };
}

/**
 * modifyMessage: the sender changes the text or custom content of a message that is not revoked
 * (else 60044), naming the version they changed; if it changed since, 2480 and the client reads
 * the message again. The new content is checked as a send's is (8001, moderation); the message
 * keeps its type, takes the next version and a change number, and its audience gets it.
 */
export async function modifyMessage(
  deps: MessageActionDeps,
  origin: string,
  userID: string,
  body: OpRequestParsed<'modifyMessage'>,
): Promise<OpResponse<'modifyMessage'>> {
  const ref = requireConversation(userID, body.conversationID);
  const row = await findMessage(deps.db, userID, ref, body.messageID);
  requireModifiable(row, userID, body.type);
  if (toNumber(row.version) !== body.version) throw new LiaisonError(ErrorCode.MESSAGE_MODIFY_CONFLICT);
  const cloudCustomData = body.cloudCustomData ?? row.cloud_custom_data;
  const content = await deliveredContent(deps.db, userID, body);
  await checkContent(deps.moderation, content, cloudCustomData, { messageID: row.id, conversationKey: ref.key });
  const seq = toNumber(row.seq);
  const modified = await withChange(deps.db, ref.key, async (tx, changeSequence) => {
    const [updated] = await tx.query<MessageRow>(
      `UPDATE messages SET payload = $4, cloud_custom_data = $5, version = version + 1, change_seq = $6,
                          search_tokens = ${tokensSql('$7')}
        WHERE conv_key = $1 AND seq = $2 AND version = $3 AND NOT is_revoked
        RETURNING ${MESSAGE_COLUMNS}`,
      [
        ref.key,
        seq,
        body.version,
        JSON.stringify(content.payload),
        cloudCustomData,
        changeSequence,
        storedTokens(row.type, content.payload),
      ],
    );
    return updated ? toWireMessage(updated) : null;
  });
  if (!modified) {
    // Changed between the check and the write: revoked (60044) or modified by another tab (2480).
    const now = await findMessage(deps.db, userID, ref, body.messageID);
    requireModifiable(now, userID, body.type);
    throw new LiaisonError(ErrorCode.MESSAGE_MODIFY_CONFLICT);
  }
  await publishMessageUpdates(deps.bus, [modified], origin);
  return { message: modified };
}

/** A message the user can see in the conversation (not before their floor, not deleted by them); else 8003. */
async function findMessage(db: Sql, userID: string, ref: ConversationRef, messageID: string): Promise<StoredMessage> {
  const floor = await visibleFloor(db, userID, ref);
  const [row] =
    floor === null
      ? []
      : await db.query<StoredMessage>(
          `SELECT ${MESSAGE_COLUMNS.split(', ')
            .map((c) => `m.${c}`)
            .join(', ')} FROM messages m
            WHERE m.conv_key = $2 AND m.id = $3 AND m.seq > $4 AND ${VISIBLE_TO_ME}`,
          [userID, ref.key, messageID, floor],
        );
  if (!row) throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND);
  return row;
}

const RANK: Record<string, number> = { [GroupRole.OWNER]: 2, [GroupRole.ADMIN]: 1, [GroupRole.MEMBER]: 0 };

/**
 * Someone else's message: only in a group, by a member who outranks its sender (the owner
 * everyone, an admin plain members; a sender who left counts as a plain member).
 */
async function requireOutranks(db: Sql, userID: string, ref: ConversationRef, sender: string): Promise<void> {
  if (ref.type === 'C2C') throw new LiaisonError(ErrorCode.MESSAGE_REVOKE_DENIED);
  const rows = await db.query<{ user_id: string; role: string }>(
    'SELECT user_id, role FROM group_members WHERE group_id = $1 AND user_id = ANY($2)',
    [ref.target, [userID, sender]],
  );
  const rank = (id: string) => RANK[rows.find((r) => r.user_id === id)?.role ?? GroupRole.MEMBER] ?? 0;
  if (rank(userID) <= rank(sender)) throw new LiaisonError(ErrorCode.GROUP_NO_PERMISSION);
}

function requireModifiable(row: StoredMessage, userID: string, type: WireMessage['type']): void {
  if (row.sender !== userID) throw new LiaisonError(ErrorCode.MESSAGE_MODIFY_DENIED);
  if (row.is_revoked) throw new LiaisonError(ErrorCode.MESSAGE_MODIFY_DENIED, 'A revoked message cannot be modified');
  if (row.type !== type) {
    throw new LiaisonError(
      ErrorCode.MESSAGE_MODIFY_DENIED,
      'Only text and custom messages can be modified, keeping their type',
    );
  }
}
