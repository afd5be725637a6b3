import {
  ErrorCode,
  GroupType,
  LiaisonError,
  Limits,
  type MessageExtension,
  type OpRequestParsed,
  type OpResponse,
  type PushEvent,
  toConversationID,
} from '@liaison/protocol';
import type { Bus } from '../../bus/bus';
import { userTarget } from '../../bus/bus';
import type { Database, Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { groupAudience } from '../messages/delivery';
import { type ConversationRef, requireConversation } from '../messages/keys';
import { type MessageFacts, requireVisibleMessages } from '../messages/visible-messages';

/**
 * Message extensions, Tencent's key-value extensions (docs/message-actions.md). Rows are written
 * only when someone sets a key: a send costs nothing more than its flag. Every change runs in a
 * transaction holding the message's row, so concurrent changes on any process apply one after
 * another and each key's version check (23001) is exact.
 */
export interface MessageExtensionDeps {
  db: Database;
  bus: Bus;
}

/** Tencent offers extensions in every group type but these two. */
const GROUP_TYPES_WITHOUT_EXTENSIONS: ReadonlySet<string> = new Set([GroupType.AVCHATROOM, GroupType.COMMUNITY]);

interface ExtensionRow {
  ext_key: string;
  value: string;
  ext_seq: unknown;
}

type Change = { key: string; value: string; seq?: number | undefined };
type Result = MessageExtension & { code: number };

/** setMessageExtensions: each key applied or refused on its own (23001 stale version, 60048 at 300 keys). */
export function setMessageExtensions(
  deps: MessageExtensionDeps,
  userID: string,
  body: OpRequestParsed<'setMessageExtensions'>,
): Promise<OpResponse<'setMessageExtensions'>> {
  return change(deps, userID, body, 'set', body.extensions);
}

/** deleteMessageExtensions: the keys named (version-checked), or every key when none is named. */
export function deleteMessageExtensions(
  deps: MessageExtensionDeps,
  userID: string,
  body: OpRequestParsed<'deleteMessageExtensions'>,
): Promise<OpResponse<'deleteMessageExtensions'>> {
  return change(deps, userID, body, 'delete', body.keyList?.map((k) => ({ ...k, value: '' })) ?? null);
}

/** getMessageExtensions: the keys that have a value, oldest change first. */
export async function getMessageExtensions(
  db: Sql,
  userID: string,
  body: OpRequestParsed<'getMessageExtensions'>,
): Promise<OpResponse<'getMessageExtensions'>> {
  const ref = requireConversation(userID, body.conversationID);
  const { seq } = await requireExtensible(db, userID, ref, body.messageID, false);
  const rows = await db.query<ExtensionRow>(
    `SELECT ext_key, value, ext_seq FROM message_extensions WHERE conv_key = $1 AND seq = $2 AND value <> ''
      ORDER BY changed_at, ext_seq, ext_key`,
    [ref.key, seq],
  );
  return { extensions: rows.map(toExtension) };
}

/** `changes` null: delete every key (Tencent's clear, which names no versions). */
async function change(
  deps: MessageExtensionDeps,
  userID: string,
  body: { conversationID: string; messageID: string },
  operation: 'set' | 'delete',
  changes: readonly Change[] | null,
): Promise<{ resultList: Result[] }> {
  const ref = requireConversation(userID, body.conversationID);
  const { resultList, changed, message } = await deps.db.transaction(async (tx) => {
    const message = await requireExtensible(tx, userID, ref, body.messageID, true);
    const { seq } = message;
    const rows = await tx.query<ExtensionRow>(
      'SELECT ext_key, value, ext_seq FROM message_extensions WHERE conv_key = $1 AND seq = $2',
      [ref.key, seq],
    );
    const current = new Map(rows.map((r) => [r.ext_key, toExtension(r)]));
    const wanted = changes ?? [...current.values()].filter((e) => e.value !== '').map((e) => ({ ...e, value: '' }));
    const outcome = decide(current, wanted);
    if (outcome.changed.length > 0) {
      await tx.query(
        `INSERT INTO message_extensions (conv_key, seq, ext_key, value, ext_seq, changed_at)
         SELECT $1, $2, e.key, e.value, e.seq, $4 FROM jsonb_to_recordset($3::jsonb) AS e(key text, value text, seq bigint)
         ON CONFLICT (conv_key, seq, ext_key)
         DO UPDATE SET value = EXCLUDED.value, ext_seq = EXCLUDED.ext_seq, changed_at = EXCLUDED.changed_at`,
        [ref.key, seq, JSON.stringify(outcome.changed), Date.now()],
      );
    }
    return { ...outcome, message };
  });
  if (changed.length > 0) {
    await publishExtensions(deps.bus, ref, message, userID, {
      messageID: body.messageID,
      operation,
      extensions: changed,
    });
  }
  return { resultList };
}

/**
 * Which changes apply, against the keys as they are: a change naming a version other than the
 * key's is refused with the key as it is (23001); a new key past 300 is refused (60048). A key
 * named twice is taken once, the first time. Deleting a key that has no value changes nothing.
 */
function decide(
  current: Map<string, MessageExtension>,
  wanted: readonly Change[],
): { resultList: Result[]; changed: MessageExtension[] } {
  let count = [...current.values()].filter((e) => e.value !== '').length;
  const resultList: Result[] = [];
  const changed: MessageExtension[] = [];
  const seen = new Set<string>();
  for (const { key, value, seq } of wanted) {
    if (seen.has(key)) continue;
    seen.add(key);
    const now = current.get(key) ?? { key, value: '', seq: 0 };
    if (seq !== undefined && seq !== now.seq) {
      resultList.push({ code: ErrorCode.MESSAGE_EXTENSION_CONFLICT, ...now });
      continue;
    }
    if (value === now.value) {
      resultList.push({ code: 0, ...now });
      continue;
    }
    if (now.value === '' && count >= Limits.MESSAGE_EXTENSIONS_PER_MESSAGE_MAX) {
      resultList.push({ code: ErrorCode.MESSAGE_EXTENSION_LIMIT, ...now });
      continue;
    }
    if (now.value === '') count += 1;
    else if (value === '') count -= 1;
    const next = { key, value, seq: now.seq + 1 };
    changed.push(next);
    resultList.push({ code: 0, ...next });
  }
  return { resultList, changed };
}

/**
 * The message, once the caller is known to see it (8003 otherwise) and it takes
 * extensions: sent with isSupportExtension, and not in a community or AVChatRoom (60047).
 * `lock` holds the message's row until the transaction ends.
 */
async function requireExtensible(
  db: Sql,
  userID: string,
  ref: ConversationRef,
  messageID: string,
  lock: boolean,
): Promise<MessageFacts> {
  const [message] = await requireVisibleMessages(db, userID, ref, [messageID], { lock });
  if (!message) throw new LiaisonError(ErrorCode.MESSAGE_NOT_FOUND);
  const [row] = await db.query<{ supports_extension: boolean; group_type: string | null }>(
    `SELECT m.supports_extension, g.type AS group_type FROM messages m
       LEFT JOIN groups g ON $3::text IS NOT NULL AND g.group_id = $3
      WHERE m.conv_key = $1 AND m.seq = $2`,
    [ref.key, message.seq, ref.type === 'GROUP' ? ref.target : null],
  );
  if (!row?.supports_extension || GROUP_TYPES_WITHOUT_EXTENSIONS.has(row.group_type ?? '')) {
    throw new LiaisonError(ErrorCode.MESSAGE_EXTENSION_UNSUPPORTED);
  }
  return message;
}

function toExtension(row: ExtensionRow): MessageExtension {
  return { key: row.ext_key, value: row.value, seq: toNumber(row.ext_seq) };
}

/**
 * `messageExtensions` to everyone who sees the message, the acting user's tabs included (their SDK
 * emits the event from the push, as every other's does). A C2C push names the conversation as
 * each side sees it.
 */
async function publishExtensions(
  bus: Bus,
  ref: ConversationRef,
  message: MessageFacts,
  actor: string,
  data: Omit<PushEvent<'messageExtensions'>, 'conversationID'>,
): Promise<void> {
  const sides: Array<[targets: string[], conversationID: string]> =
    ref.type === 'GROUP'
      ? [[groupAudience(ref.target, message), ref.conversationID]]
      : [
          [[userTarget(actor)], ref.conversationID],
          ...(ref.target === actor
            ? []
            : ([[[userTarget(ref.target)], toConversationID('C2C', actor)]] as Array<[string[], string]>)),
        ];
  for (const [targets, conversationID] of sides) {
    bus.publish(targets, { event: 'messageExtensions', data: { conversationID, ...data } });
  }
  await bus.flush();
}
