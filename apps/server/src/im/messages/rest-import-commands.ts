import { createHash } from 'node:crypto';
import {
  LiaisonError,
  type MessageControlInfo,
  RestError,
  RestErrorCode,
  type RestMsgElem,
  RestSyncFromOldSystem,
  restImportSchemas,
} from '@liaison/protocol';
import type { Database, Sql } from '../../db/database';
import { passAll } from '../../moderation/provider';
import { restCommand } from '../rest-command';
import { c2cKey } from './keys';
import type { ImportedMessage, MessageWriter } from './message-writer';
import { msgKeyOf } from './msg-key';
import { OPENIM_CODES } from './rest-commands';
import { restContent } from './rest-msg-body';
import { checkContent } from './send';

/** What the import commands need: the store and its writer, nothing that delivers. */
export interface ImportDeps {
  db: Database;
  writer: MessageWriter;
}

/**
 * openim/importmsg: a one-to-one message of another system, stored with its sender and time
 * through the writer's import entry (message-writer.ts): no one is told live, no callback runs.
 * SyncFromOldSystem 2 (history) keeps it out of the recipient's unread count; 1 counts it. The
 * same message imported again (same accounts, MsgTimeStamp, MsgRandom and MsgSeq) is stored once.
 */
export const openimImportCommands = {
  importmsg: restCommand({
    schema: restImportSchemas.importmsg,
    codes: OPENIM_CODES,
    async run(deps: ImportDeps, body) {
      if (body.MsgTimeStamp * 1000 > Date.now()) {
        throw new RestError(RestErrorCode.OPENIM_INVALID_PARAMS, 'MsgTimeStamp: in the future');
      }
      const senders = await importSenders(deps.db, [body.From_Account, body.To_Account]);
      const sender = senders.get(body.From_Account);
      if (!sender) throw new RestError(RestErrorCode.OPENIM_ACCOUNT_NOT_FOUND, `${body.From_Account} does not exist`);
      if (!senders.has(body.To_Account)) {
        throw new RestError(RestErrorCode.OPENIM_ACCOUNT_NOT_FOUND, `${body.To_Account} does not exist`);
      }
      const elem = body.MsgBody[0];
      if (!elem) throw new RestError(RestErrorCode.OPENIM_INVALID_PARAMS, 'MsgBody: one element');
      const message = await importedMessage(
        {
          key: c2cKey(body.From_Account, body.To_Account),
          convType: 'C2C',
          sender,
          recipient: body.To_Account,
          time: body.MsgTimeStamp,
          random: body.MsgRandom,
          seq: body.MsgSeq,
          elem,
          cloudCustomData: body.CloudCustomData ?? '',
        },
        body.SyncFromOldSystem === RestSyncFromOldSystem.HISTORY ? { excludedFromUnreadCount: true } : undefined,
      );
      const [outcome] = await deps.writer.importMessages([message]);
      if (!outcome || outcome instanceof LiaisonError) throw outcome ?? new RestError(RestErrorCode.OPENIM_INTERNAL);
      return { MsgKey: msgKeyOf(outcome.message) };
    },
  }),
};

/** One imported message, as an import command names it; `time` in seconds, as Tencent's. */
export interface ImportFields {
  key: string;
  convType: 'C2C' | 'GROUP';
  sender: ImportSender;
  recipient: string;
  time: number;
  random: number;
  /** importmsg's MsgSeq: part of what names the message, nothing else (Liaison numbers it). */
  seq?: number | undefined;
  elem: RestMsgElem;
  cloudCustomData: string;
}

export interface ImportSender {
  userID: string;
  nick: string;
  avatar: string;
}

/**
 * The writer's import of one message: sized as any content (8001; moderation is for what users
 * send now, not what they sent then), named by what names it in Tencent's import, so importing
 * it again finds it stored.
 */
export async function importedMessage(f: ImportFields, control?: MessageControlInfo): Promise<ImportedMessage> {
  const content = restContent(f.elem);
  const id = importID(f);
  await checkContent(passAll, content, f.cloudCustomData, { messageID: id, conversationKey: f.key });
  return {
    key: f.key,
    convType: f.convType,
    sender: f.sender.userID,
    recipient: f.recipient,
    id,
    type: content.type,
    payload: content.payload,
    atUserList: [],
    clientTime: f.time,
    random: f.random,
    nick: f.sender.nick,
    avatar: f.sender.avatar,
    cloudCustomData: f.cloudCustomData,
    needReadReceipt: false,
    ...(control ? { control } : {}),
    origin: '',
    time: f.time * 1000,
    system: true,
  };
}

/** The existing accounts among these, with the nick and avatar their imported messages carry. */
export async function importSenders(db: Sql, userIDs: readonly string[]): Promise<Map<string, ImportSender>> {
  const rows = await db.query<{ user_id: string; nick: string; avatar: string }>(
    'SELECT user_id, nick, avatar FROM users WHERE user_id = ANY($1)',
    [[...new Set(userIDs)]],
  );
  return new Map(rows.map((r) => [r.user_id, { userID: r.user_id, nick: r.nick, avatar: r.avatar }]));
}

function importID(f: ImportFields): string {
  const named = [f.sender.userID, f.recipient, f.time, f.random, f.seq ?? ''].join('\n');
  return `import-${createHash('sha256').update(named).digest('hex').slice(0, 32)}`;
}
