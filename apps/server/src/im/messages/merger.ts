import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  LiaisonError,
  Limits,
  type MergedMessage,
  type MergerPayload,
  type OpRequestParsed,
} from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { isGrantedTo } from '../../files/file-access';
import type { MessageRow } from '../rows';
import { ADDRESSED_TO_ME, columnsOf, visibleFloor } from './history';
import { type ConversationRef, resolveConversation } from './keys';
import { redactRecord } from './merged-redaction';
import type { MergedSource } from './message-writer';

type SendMerger = Extract<OpRequestParsed<'sendMessage'>, { type: 'TIMRelayElem' }>['payload'];

/** A nested chain of records deeper than this is not followed further when granting. */
const NESTING_MAX = 32;

export interface BuiltMerger {
  payload: MergerPayload;
  /** The record's key, every file in it, and nested records with their files. */
  grants: string[];
  /**
   * Set for a new record (stored with the message, with where each message came from); null when
   * an existing one is forwarded.
   */
  record: { downloadKey: string; messageList: MergedMessage[]; sources: MergedSource[] } | null;
}

/**
 * A merged chat record. Built from message references, the server loads each message itself
 * (each must be one the sender can read now, within their visible history, and not revoked), so
 * nobody can put words in others' mouths; forwarded by downloadKey, the sender must be able to
 * read the record. Where each message came from is kept, so that a message revoked later shows
 * revoked in the record (redactRecord).
 */
export async function buildMerger(db: Sql, userID: string, send: SendMerger): Promise<BuiltMerger> {
  const { title, abstractList, compatibleText } = send;
  if ('downloadKey' in send) {
    const stored = await requireReadableRecord(db, userID, send.downloadKey);
    // What was revoked since is neither copied nor granted to the conversation it goes to.
    const messageList = await redactRecord(db, send.downloadKey, stored);
    return {
      payload: { downloadKey: send.downloadKey, title, abstractList, compatibleText, messageList: inline(messageList) },
      grants: [send.downloadKey, ...(await grantsOf(db, messageList))],
      record: null,
    };
  }
  const { messageList, sources } = await loadReferenced(db, userID, send.messageList);
  const downloadKey = randomBytes(24).toString('base64url');
  return {
    payload: { downloadKey, title, abstractList, compatibleText, messageList: inline(messageList) },
    grants: [downloadKey, ...(await grantsOf(db, messageList))],
    record: { downloadKey, messageList, sources },
  };
}

/** downloadMergerMessage: the record's messages, for its owner and members of conversations it was sent in. */
export async function downloadMergerMessage(
  db: Sql,
  userID: string,
  downloadKey: string,
): Promise<{ messageList: MergedMessage[] }> {
  return { messageList: await redactRecord(db, downloadKey, await requireReadableRecord(db, userID, downloadKey)) };
}

async function requireReadableRecord(db: Sql, userID: string, downloadKey: string): Promise<MergedMessage[]> {
  const [row] = await db.query<{ owner_id: string; message_list: unknown }>(
    'SELECT owner_id, message_list FROM merged_records WHERE download_key = $1',
    [downloadKey],
  );
  // One answer for "no such record" and "not yours to read", so keys cannot be probed.
  if (!row || (row.owner_id !== userID && !(await isGrantedTo(db, userID, downloadKey)))) {
    throw new LiaisonError(ErrorCode.MERGER_NOT_FOUND);
  }
  return parseList(row.message_list);
}

/** Small records travel in the message; larger ones are fetched by downloadKey. */
function inline(messageList: MergedMessage[]): MergedMessage[] {
  return Buffer.byteLength(JSON.stringify(messageList)) <= Limits.MERGER_INLINE_MAX_BYTES ? messageList : [];
}

async function loadReferenced(
  db: Sql,
  userID: string,
  refs: Array<{ conversationID: string; ID: string }>,
): Promise<{ messageList: MergedMessage[]; sources: MergedSource[] }> {
  const byConversation = new Map<string, { ref: ConversationRef; ids: Set<string> }>();
  for (const { conversationID, ID } of refs) {
    const ref = resolveConversation(userID, conversationID);
    if (!ref) throw new LiaisonError(ErrorCode.INVALID_PARAMS, 'conversationID must be C2C<userID> or GROUP<groupID>');
    const entry = byConversation.get(ref.key) ?? { ref, ids: new Set<string>() };
    entry.ids.add(ID);
    byConversation.set(ref.key, entry);
  }
  const found = new Map<string, MergedMessage>();
  for (const [key, { ref, ids }] of byConversation) {
    const floor = await visibleFloor(db, userID, ref).catch((err: unknown) => {
      // Not a member of the group: as unreadable as a message that does not exist.
      if (err instanceof LiaisonError) return null;
      throw err;
    });
    if (floor === null) throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND);
    // A targeted message for others is as unreadable as one that does not exist.
    const rows = await db.query<MessageRow>(
      `SELECT ${columnsOf('m')} FROM messages m WHERE m.conv_key = $2 AND m.id = ANY($3) AND m.seq > $4 AND ${ADDRESSED_TO_ME}`,
      [userID, key, [...ids], floor],
    );
    for (const row of rows) {
      requireNotFlagged(row);
      // Its content is gone: there is nothing to copy.
      if (row.is_revoked) throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND, `message ${row.id} was revoked`);
      found.set(`${key}\n${row.id}`, toMerged(row));
    }
  }
  const sources = refs.map(({ conversationID, ID }) => ({
    key: (resolveConversation(userID, conversationID) as ConversationRef).key,
    id: ID,
  }));
  const messageList = refs.map(({ conversationID, ID }, i) => {
    const message = found.get(`${sources[i]?.key}\n${ID}`);
    if (!message) throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND, `message ${ID} not found in ${conversationID}`);
    return message;
  });
  return { messageList, sources };
}

/**
 * A message moderation flagged after delivery shows as a placeholder where it was sent; copied
 * into a record it would show again in full, so it is refused as if sent anew.
 */
function requireNotFlagged(row: MessageRow): void {
  if (!row.has_risk_content) return;
  const visual = row.type === 'TIMImageElem' || row.type === 'TIMVideoFileElem';
  throw new LiaisonError(visual ? ErrorCode.IMAGE_SENSITIVE : ErrorCode.TEXT_SENSITIVE);
}

function toMerged(row: MessageRow): MergedMessage {
  let payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
  // A nested record is kept by its key (and granted): the viewer downloads it when opened.
  if (row.type === 'TIMRelayElem') payload = { ...(payload as MergerPayload), messageList: [] };
  return {
    ID: row.id,
    from: row.sender,
    nick: row.nick,
    avatar: row.avatar,
    time: Math.floor(toNumber(row.time) / 1000),
    cloudCustomData: row.cloud_custom_data,
    messageBody: [{ type: row.type as MergedMessage['messageBody'][number]['type'], payload }],
  };
}

/** Every file the records name, and every nested record with its files, followed down the nesting. */
async function grantsOf(db: Sql, messageList: MergedMessage[]): Promise<string[]> {
  const grants = new Set<string>();
  let level = messageList;
  for (let depth = 0; depth < NESTING_MAX; depth++) {
    const nested: string[] = [];
    for (const message of level) {
      for (const { type, payload } of message.messageBody) {
        for (const id of filesNamedBy(type, payload)) grants.add(id);
        const key = type === 'TIMRelayElem' ? (payload as { downloadKey?: unknown }).downloadKey : undefined;
        if (typeof key === 'string' && key !== '' && !grants.has(key)) {
          grants.add(key);
          nested.push(key);
        }
      }
    }
    if (nested.length === 0) break;
    const rows = await db.query<{ message_list: unknown }>(
      'SELECT message_list FROM merged_records WHERE download_key = ANY($1)',
      [nested],
    );
    level = rows.flatMap((r) => parseList(r.message_list));
  }
  return [...grants];
}

function parseList(value: unknown): MergedMessage[] {
  return (typeof value === 'string' ? JSON.parse(value) : value) as MergedMessage[];
}

/** The files a delivered payload names: what a forward or a merged record must grant. */
export function filesNamedBy(type: string, payload: unknown): string[] {
  const p = (payload ?? {}) as Record<string, unknown>;
  const ids =
    type === 'TIMImageElem' || type === 'TIMSoundElem' || type === 'TIMFileElem'
      ? [p.uuid]
      : type === 'TIMVideoFileElem'
        ? [p.videoUUID, p.snapshotUUID]
        : [];
  return ids.filter((id): id is string => typeof id === 'string' && id !== '');
}
