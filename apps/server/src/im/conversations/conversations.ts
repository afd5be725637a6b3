import {
  communityOfTopic,
  ErrorCode,
  isTopicID,
  LiaisonError,
  type MessageRemindType,
  type Profile,
  type WireConversation,
} from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { formerGroupProfiles, groupProfilesFor } from '../groups/group-visibility';
import { unreadMentions } from '../messages/group-mentions';
import { lastVisibleMessages } from '../messages/history';
import type { ConversationRef } from '../messages/keys';
import { uncountedMessages, uncountedSql } from '../messages/unread';
import { getProfiles } from '../profiles/users';

interface ViewRow {
  conv_key: string;
  conv_type: string;
  target: string;
  read_seq: unknown;
  floor_seq: unknown;
  is_pinned: boolean;
  remind_type: string;
  draft_text: string;
  updated_at: unknown;
  max_seq: unknown;
  change_seq: unknown;
  peer_read_seq: unknown;
  ceiling_seq: unknown;
  operation_type: unknown;
  custom_data: string;
  mark_bits: unknown[] | null;
  group_names: string[] | null;
  uncounted_seq: unknown;
}

/** A conversation is in the user's list unless deleted (hidden) and nothing newer arrived since. */
export const VISIBLE = '(NOT uc.hidden OR LEAST(c.max_seq, uc.ceiling_seq) > GREATEST(uc.floor_seq, uc.hidden_seq))';

/**
 * A user's conversations. max_seq is what they may see of it: the conversation's head, or where
 * it stood when they left the group (ceiling_seq; LEAST ignores a NULL).
 */
const VIEW_QUERY = `
  SELECT uc.conv_key, uc.conv_type, uc.target, uc.read_seq, uc.floor_seq, uc.is_pinned, uc.remind_type,
         uc.draft_text, uc.updated_at, LEAST(c.max_seq, uc.ceiling_seq) AS max_seq, c.change_seq,
         uc.ceiling_seq, uc.operation_type, uc.custom_data, uc.mark_bits, c.uncounted_seq,
         (SELECT p.read_seq FROM user_conversations p
           WHERE uc.conv_type = 'C2C' AND p.conv_key = uc.conv_key AND p.user_id = uc.target) AS peer_read_seq,
         (SELECT array_agg(g.group_name ORDER BY g.added_at, g.group_name) FROM conversation_group_members g
           WHERE g.user_id = uc.user_id AND g.conv_key = uc.conv_key) AS group_names
    FROM user_conversations uc JOIN conversations c ON c.conv_key = uc.conv_key
   WHERE uc.user_id = $1 AND ${VISIBLE}`;

/** Every conversation the user can see, with unread counts derived from sequences. */
export async function listConversations(db: Sql, userID: string): Promise<WireConversation[]> {
  // A community topic's conversation is reached through its topic, not listed (Tencent hides CONV_TOPIC too).
  return hydrate(db, userID, await db.query<ViewRow>(`${VIEW_QUERY} AND uc.conv_type <> 'TOPIC'`, [userID]));
}

/** The user's visible conversations among these keys. */
export async function listConversationsByKey(
  db: Sql,
  userID: string,
  keys: readonly string[],
): Promise<WireConversation[]> {
  if (keys.length === 0) return [];
  return hydrate(db, userID, await db.query<ViewRow>(`${VIEW_QUERY} AND uc.conv_key = ANY($2)`, [userID, keys]));
}

export async function getConversation(db: Sql, userID: string, ref: ConversationRef): Promise<WireConversation> {
  const rows = await db.query<ViewRow>(`${VIEW_QUERY} AND uc.conv_key = $2`, [userID, ref.key]);
  const [conversation] = await hydrate(db, userID, rows);
  if (conversation) return conversation;
  // A one-to-one chat with an existing user exists as soon as someone opens it, as in the
  // reference SDK: empty until the first message.
  if (ref.type === 'C2C') {
    const [peer] = await getProfiles(db, [ref.target]);
    if (peer) return emptyC2C(ref, peer);
  }
  throw new LiaisonError(ErrorCode.CONVERSATION_NOT_FOUND);
}

export type ConversationPatch =
  | { kind: 'pin'; isPinned: boolean }
  | { kind: 'remind'; messageRemindType: MessageRemindType }
  | { kind: 'draft'; draftText: string }
  | { kind: 'read' };

const PATCH_SQL: Record<ConversationPatch['kind'], string> = {
  pin: 'is_pinned = $3',
  remind: 'remind_type = $3',
  draft: 'draft_text = $3',
  read: `read_seq = GREATEST(uc.read_seq,
           (SELECT LEAST(c.max_seq, uc.ceiling_seq) FROM conversations c WHERE c.conv_key = uc.conv_key))`,
};

/** Changes the user's view of a visible conversation; returns it as it is now. */
export async function patchConversation(
  db: Sql,
  userID: string,
  ref: ConversationRef,
  patch: ConversationPatch,
): Promise<WireConversation> {
  // Pinning, muting or drafting a chat makes it show in the list, even before its first message.
  if (ref.type === 'C2C' && patch.kind !== 'read') await showC2C(db, userID, ref);
  await getConversation(db, userID, ref);
  const value =
    patch.kind === 'pin'
      ? patch.isPinned
      : patch.kind === 'remind'
        ? patch.messageRemindType
        : patch.kind === 'draft'
          ? patch.draftText
          : null;
  const params: unknown[] = [userID, ref.key];
  if (value !== null) params.push(value);
  params.push(Date.now());
  await db.query(
    `UPDATE user_conversations uc SET ${PATCH_SQL[patch.kind]}, updated_at = $${params.length}
      WHERE uc.user_id = $1 AND uc.conv_key = $2`,
    params,
  );
  return getConversation(db, userID, ref);
}

/**
 * Takes the conversations out of the list (read, unpinned, no draft) until a newer message arrives;
 * with `clearHistory` their history up to now goes for the user too. Resolves with the read cursor
 * after it of each conversation deleted (those not in the list are not).
 */
export async function deleteConversations(
  db: Sql,
  userID: string,
  refs: readonly ConversationRef[],
  clearHistory: boolean,
): Promise<Map<string, number>> {
  const rows = await db.query<{ conv_key: string; read_seq: unknown }>(
    `UPDATE user_conversations uc
        SET hidden = true, is_pinned = false, draft_text = '', updated_at = $3,
            hidden_seq = LEAST(c.max_seq, uc.ceiling_seq),
            floor_seq = CASE WHEN $4 THEN LEAST(c.max_seq, uc.ceiling_seq) ELSE uc.floor_seq END,
            read_seq = GREATEST(uc.read_seq, LEAST(c.max_seq, uc.ceiling_seq))
       FROM conversations c
      WHERE c.conv_key = uc.conv_key AND uc.user_id = $1 AND uc.conv_key = ANY($2) AND ${VISIBLE}
      RETURNING uc.conv_key, uc.read_seq`,
    [userID, refs.map((ref) => ref.key), Date.now(), clearHistory],
  );
  return new Map(rows.map((row) => [row.conv_key, toNumber(row.read_seq)]));
}

/**
 * Clears the user's view of the conversation's history (read first, as the reference SDK does); the
 * conversation stays in the list, empty. Others in it keep theirs.
 */
export async function clearHistory(db: Sql, userID: string, ref: ConversationRef): Promise<WireConversation> {
  await getConversation(db, userID, ref);
  await db.query(
    `UPDATE user_conversations uc
        SET floor_seq = GREATEST(uc.floor_seq, LEAST(c.max_seq, uc.ceiling_seq)),
            read_seq = GREATEST(uc.read_seq, LEAST(c.max_seq, uc.ceiling_seq)), updated_at = $3,
            -- The conversation stays, empty: a received one (hidden until its first message) too.
            hidden = false
       FROM conversations c
      WHERE c.conv_key = uc.conv_key AND uc.user_id = $1 AND uc.conv_key = $2`,
    [userID, ref.key, Date.now()],
  );
  return getConversation(db, userID, ref);
}

/** Total of unread messages in conversations that notify (muted ones do not count). */
export async function totalUnread(db: Sql, userID: string): Promise<number> {
  const [row] = await db.query<{ total: unknown }>(
    `SELECT COALESCE(SUM(GREATEST(LEAST(c.max_seq, uc.ceiling_seq) - GREATEST(uc.read_seq, uc.floor_seq)
              - ${uncountedSql('GREATEST(uc.read_seq, uc.floor_seq)', 'LEAST(c.max_seq, uc.ceiling_seq)')}, 0)), 0) AS total
       FROM user_conversations uc JOIN conversations c ON c.conv_key = uc.conv_key
      WHERE uc.user_id = $1 AND uc.remind_type = 'AcceptAndNotify' AND uc.conv_type <> 'TOPIC' AND ${VISIBLE}`,
    [userID],
  );
  return toNumber(row?.total);
}

async function hydrate(db: Sql, userID: string, rows: ViewRow[]): Promise<WireConversation[]> {
  if (rows.length === 0) return [];
  const withMessages = rows.filter((r) => toNumber(r.max_seq) > toNumber(r.floor_seq));
  // Messages the user deleted for themselves are not their last message (history.ts).
  const lastMessages = await lastVisibleMessages(
    db,
    userID,
    withMessages.map((r) => ({ key: r.conv_key, floor: toNumber(r.floor_seq), ceiling: ceilingOf(r) })),
  );
  const peers = rows.filter((r) => r.conv_type === 'C2C').map((r) => r.target);
  const profiles = new Map((await getProfiles(db, peers)).map((p) => [p.userID, p]));
  const groupRows = rows.filter((r) => r.conv_type !== 'C2C');
  const [groups, formerGroups, atInfo, uncounted] = await Promise.all([
    groupProfilesFor(
      db,
      userID,
      groupRows.filter((r) => ceilingOf(r) === null).map((r) => profileIDOf(r.target)),
    ),
    formerGroupProfiles(
      db,
      groupRows.filter((r) => ceilingOf(r) !== null).map((r) => profileIDOf(r.target)),
    ),
    unreadMentions(
      db,
      userID,
      groupRows.map((r) => ({
        key: r.conv_key,
        floor: Math.max(toNumber(r.read_seq), toNumber(r.floor_seq)),
        ceiling: ceilingOf(r),
      })),
    ),
    uncountedMessages(
      db,
      rows.map((r) => ({
        key: r.conv_key,
        read: readSeqOf(r),
        max: toNumber(r.max_seq),
        uncountedSeq: r.uncounted_seq,
      })),
    ),
  ]);
  return rows.map((r) => {
    const maxSeq = toNumber(r.max_seq);
    const readSeq = readSeqOf(r);
    const isC2C = r.conv_type === 'C2C';
    return {
      conversationID: `${isC2C ? 'C2C' : 'GROUP'}${r.target}`,
      type: r.conv_type as WireConversation['type'],
      target: r.target,
      unreadCount: Math.max(0, maxSeq - readSeq - (uncounted.get(r.conv_key) ?? 0)),
      maxSequence: maxSeq,
      readSequence: readSeq,
      lastMessage: lastMessages.get(r.conv_key) ?? null,
      isPinned: r.is_pinned,
      messageRemindType: r.remind_type as MessageRemindType,
      draftText: r.draft_text,
      updatedAt: toNumber(r.updated_at),
      changeSequence: toNumber(r.change_seq),
      peerReadSequence: toNumber(r.peer_read_seq ?? 0),
      userProfile: isC2C ? (profiles.get(r.target) ?? emptyProfile(r.target)) : null,
      groupProfile: isC2C
        ? null
        : (groups.get(profileIDOf(r.target)) ?? formerGroups.get(profileIDOf(r.target)) ?? null),
      operationType: toNumber(r.operation_type ?? 0),
      groupAtInfoList: atInfo.get(r.conv_key) ?? [],
      customData: r.custom_data,
      markList: (r.mark_bits ?? []).map((bit) => 2 ** toNumber(bit)).sort((a, b) => a - b),
      conversationGroupList: r.group_names ?? [],
    };
  });
}

/** A tip about someone leaving is read for them, above what they may see of it (their ceiling). */
function readSeqOf(row: ViewRow): number {
  return Math.min(Math.max(toNumber(row.read_seq), toNumber(row.floor_seq)), toNumber(row.max_seq));
}

/** A topic's conversation carries its community's profile. */
function profileIDOf(target: string): string {
  return isTopicID(target) ? communityOfTopic(target) : target;
}

function ceilingOf(row: ViewRow): number | null {
  return row.ceiling_seq === null || row.ceiling_seq === undefined ? null : toNumber(row.ceiling_seq);
}

async function showC2C(db: Sql, userID: string, ref: ConversationRef): Promise<void> {
  const [peer] = await getProfiles(db, [ref.target]);
  if (!peer) throw new LiaisonError(ErrorCode.USER_NOT_FOUND);
  await db.query('INSERT INTO conversations (conv_key) VALUES ($1) ON CONFLICT DO NOTHING', [ref.key]);
  await db.query(
    `INSERT INTO user_conversations (user_id, conv_key, conv_type, target, updated_at)
     VALUES ($1, $2, 'C2C', $3, $4)
     ON CONFLICT (user_id, conv_key) DO UPDATE SET hidden = false`,
    [userID, ref.key, ref.target, Date.now()],
  );
}

function emptyC2C(ref: ConversationRef, peer: Profile): WireConversation {
  return {
    conversationID: ref.conversationID,
    type: 'C2C',
    target: ref.target,
    unreadCount: 0,
    maxSequence: 0,
    readSequence: 0,
    lastMessage: null,
    isPinned: false,
    messageRemindType: 'AcceptAndNotify',
    draftText: '',
    updatedAt: 0,
    changeSequence: 0,
    peerReadSequence: 0,
    userProfile: peer,
    groupProfile: null,
    operationType: 0,
    groupAtInfoList: [],
    customData: '',
    markList: [],
    conversationGroupList: [],
  };
}

function emptyProfile(userID: string): Profile {
  return { userID, nick: '', avatar: '', selfSignature: '' };
}
