import { randomUUID } from 'node:crypto';
import {
  LiaisonError,
  type MessageControlInfo,
  RestError,
  RestErrorCode,
  RestOpenimLimits,
  restOpenimSchemas,
  toConversationID,
  type WireMessage,
} from '@liaison/protocol';
import { REST_API_ORIGIN } from '../../callbacks/callbacks';
import type { Sql } from '../../db/database';
import { ensureUser } from '../profiles/users';
import { type RestCaller, type RestServiceCodes, restCommand } from '../rest-command';
import { c2cKey } from './keys';
import { msgKeyOf, parseMsgKey } from './msg-key';
import { restContent, restMsgBody } from './rest-msg-body';
import { roamingPage } from './roaming';
import { type SendCallbackPolicy, type SendDeps, type Sender, type SendFields, sendContent } from './send';

/** Tencent's codes for a refused or failed one-to-one message command. */
export const OPENIM_CODES: RestServiceCodes = {
  invalidParams: RestErrorCode.OPENIM_INVALID_PARAMS,
  internal: RestErrorCode.OPENIM_INTERNAL,
};

/**
 * No session sent it: every session of both users gets the message, the sender's too, as when
 * they sent it from another device.
 */
export const NO_SESSION = '';

type SendBody = ReturnType<typeof restOpenimSchemas.sendmsg.parse>;
type SendOptions = Omit<SendBody, 'From_Account' | 'To_Account'>;

/**
 * openim/sendmsg, batchsendmsg and admin_getroammsg: a MsgBody becomes Liaison's content
 * (rest-msg-body.ts) and goes through the SDK's send path (send.ts: moderation, the blocklist's
 * 20007, live delivery, history, unread counts); history comes back as MsgBody.
 */
export const openimMessageCommands = {
  sendmsg: restCommand({
    schema: restOpenimSchemas.sendmsg,
    codes: OPENIM_CODES,
    async run(deps: SendDeps, body, caller) {
      requireLifeTime(body);
      const sender = await requireSender(deps.db, body.From_Account, caller);
      await requireAccounts(deps.db, [body.To_Account]);
      const message = await sendRest(deps, sender, body.To_Account, body);
      await ensureSenderAccount(deps.db, sender);
      return { MsgTime: message.time, MsgKey: msgKeyOf(message) };
    },
  }),

  batchsendmsg: restCommand({
    schema: restOpenimSchemas.batchsendmsg,
    codes: OPENIM_CODES,
    async run(deps: SendDeps, body, caller) {
      if (body.To_Account.length > RestOpenimLimits.BATCH_RECIPIENTS) {
        throw new RestError(RestErrorCode.OPENIM_TOO_MANY_RECIPIENTS);
      }
      requireLifeTime(body);
      const sender = await requireSender(deps.db, body.From_Account, caller);
      const existing = await accountsIn(deps.db, body.To_Account);
      // All at once: the writer stores them in one batch (group commit), each recipient on its own.
      const outcomes = await Promise.all(
        [...new Set(body.To_Account)].map(async (to) => {
          if (!existing.has(to)) return { to, code: RestErrorCode.OPENIM_ACCOUNT_NOT_FOUND };
          try {
            return { to, message: await sendRest(deps, sender, to, body) };
          } catch (error) {
            // A refusal (the blocklist's 20007, moderation, …) fails this recipient; anything else, the call.
            if (!(error instanceof RestError) && !(error instanceof LiaisonError)) throw error;
            return { to, code: error.code };
          }
        }),
      );
      const first = outcomes.find((outcome) => outcome.message)?.message;
      const errors = outcomes.flatMap(({ to, code }) =>
        code === undefined ? [] : [{ To_Account: to, ErrorCode: code }],
      );
      if (first) await ensureSenderAccount(deps.db, sender);
      // One MsgKey for every recipient's message (msg-key.ts finds each by it), as Tencent's.
      return {
        ...(first ? { MsgKey: msgKeyOf(first) } : {}),
        ...(errors.length > 0 ? { ErrorList: errors } : {}),
      };
    },
  }),

  admin_getroammsg: restCommand({
    schema: restOpenimSchemas.admin_getroammsg,
    codes: OPENIM_CODES,
    async run(deps: SendDeps, body) {
      await requireParties(deps.db, body.Operator_Account, body.Peer_Account);
      const last = body.LastMsgKey === undefined ? null : parseMsgKey(body.LastMsgKey);
      const page = await roamingPage(
        deps.db,
        body.Operator_Account,
        {
          type: 'C2C',
          target: body.Peer_Account,
          key: c2cKey(body.Operator_Account, body.Peer_Account),
          conversationID: toConversationID('C2C', body.Peer_Account),
        },
        {
          minTime: body.MinTime,
          maxTime: body.MaxTime,
          beforeSequence: last?.sequence ?? null,
          count: Math.min(body.MaxCnt, RestOpenimLimits.ROAM_PAGE_MAX),
        },
      );
      const oldest = page.messageList.at(-1);
      return {
        Complete: page.isCompleted ? 1 : 0,
        MsgCnt: page.messageList.length,
        LastMsgTime: oldest?.time ?? 0,
        LastMsgKey: oldest ? msgKeyOf(oldest) : '',
        MsgList: page.messageList.map(roamingItem),
      };
    },
  }),
};

/**
 * The sender: From_Account (90048 if it does not exist, or the service's `missingCode`), or the
 * administrator who called (Tencent's default), who may not have an account yet: `isNew` then, and
 * it is made once a send succeeds (ensureSenderAccount), so a refused call stores nothing.
 */
export async function requireSender(
  db: Sql,
  fromAccount: string | undefined,
  caller: RestCaller,
  missingCode: number = RestErrorCode.OPENIM_ACCOUNT_NOT_FOUND,
): Promise<Sender & { isNew: boolean }> {
  const userID = fromAccount ?? caller.identifier;
  const [row] = await db.query<{ nick: string; avatar: string }>('SELECT nick, avatar FROM users WHERE user_id = $1', [
    userID,
  ]);
  if (row) return { userID, nick: row.nick, avatar: row.avatar, isNew: false };
  if (fromAccount !== undefined) {
    throw new RestError(missingCode, `From_Account ${fromAccount} does not exist`);
  }
  return { userID, nick: '', avatar: '', isNew: true };
}

/** The administrator's first send makes its account, as its first login would. */
export async function ensureSenderAccount(db: Sql, sender: Sender & { isNew: boolean }): Promise<void> {
  if (sender.isNew) await ensureUser(db, sender.userID);
}

/** `code` (90048 unless told) unless every account exists. */
export async function requireAccounts(
  db: Sql,
  userIDs: readonly string[],
  code: RestErrorCode = RestErrorCode.OPENIM_ACCOUNT_NOT_FOUND,
): Promise<void> {
  const existing = await accountsIn(db, userIDs);
  const missing = userIDs.find((id) => !existing.has(id));
  if (missing !== undefined) throw new RestError(code, `${missing} does not exist`);
}

/** The acting account (90008) and the other one (90003), as Tencent's tables number them. */
export async function requireParties(db: Sql, acting: string, other: string): Promise<void> {
  await requireAccounts(db, [acting], RestErrorCode.OPENIM_FROM_ACCOUNT_INVALID);
  await requireAccounts(db, [other], RestErrorCode.OPENIM_TO_ACCOUNT_INVALID);
}

async function accountsIn(db: Sql, userIDs: readonly string[]): Promise<Set<string>> {
  const rows = await db.query<{ user_id: string }>('SELECT user_id FROM users WHERE user_id = ANY($1)', [[...userIDs]]);
  return new Set(rows.map((row) => row.user_id));
}

/** 90026 for a MsgLifeTime over 7 days. */
function requireLifeTime(body: SendOptions): void {
  if ((body.MsgLifeTime ?? 0) > RestOpenimLimits.MSG_LIFE_TIME_MAX) {
    throw new RestError(RestErrorCode.OPENIM_LIFE_TIME_INVALID);
  }
}

/** One send through the SDK's path, with the REST body's options. */
async function sendRest(deps: SendDeps, sender: Sender, to: string, body: SendOptions): Promise<WireMessage> {
  const control = restMessageControl(body.SendMsgControl);
  const fields: SendFields = {
    ID: `rest-${randomUUID()}`,
    conversationType: 'C2C',
    to,
    clientTime: Math.floor(Date.now() / 1000),
    random: body.MsgRandom,
    ...(body.CloudCustomData === undefined ? {} : { cloudCustomData: body.CloudCustomData }),
    ...(body.IsNeedReadReceipt === 1 ? { needReadReceipt: true } : {}),
    ...(body.SupportMessageExtension === 1 ? { isSupportExtension: true } : {}),
    ...(body.MsgLifeTime === 0 ? { onlineUserOnly: true } : {}),
    ...(control ? { messageControlInfo: control } : {}),
  };
  const elem = body.MsgBody[0];
  if (!elem) throw new RestError(RestErrorCode.OPENIM_INVALID_PARAMS, 'MsgBody: one element');
  const { message } = await sendContent(
    deps,
    NO_SESSION,
    sender,
    fields,
    restContent(elem),
    restSendPolicy(body.ForbidCallbackControl),
  );
  return message;
}

/** SendMsgControl's NoUnread and NoLastMsg as the SDK's messageControlInfo; undefined when neither is set. */
export function restMessageControl(sendMsgControl: readonly string[] | undefined): MessageControlInfo | undefined {
  const control: MessageControlInfo = {
    ...(sendMsgControl?.includes('NoUnread') ? { excludedFromUnreadCount: true } : {}),
    ...(sendMsgControl?.includes('NoLastMsg') ? { excludedFromLastMessage: true } : {}),
  };
  return Object.keys(control).length > 0 ? control : undefined;
}

/** A REST send's callbacks: both, reported as the REST API's, unless ForbidCallbackControl forbids one. */
export function restSendPolicy(forbidCallbackControl: readonly string[] | undefined): SendCallbackPolicy {
  const forbidden = forbidCallbackControl ?? [];
  return {
    origin: REST_API_ORIGIN,
    before: !forbidden.includes('ForbidBeforeSendMsgCallback'),
    after: !forbidden.includes('ForbidAfterSendMsgCallback'),
  };
}

/** A stored message as admin_getroammsg lists it. */
function roamingItem(message: WireMessage) {
  return {
    From_Account: message.from,
    To_Account: message.to,
    MsgSeq: message.sequence,
    MsgRandom: message.random,
    MsgTimeStamp: message.time,
    // Tencent's flag bits: 0 for a message as sent; a revoked one keeps its key, its MsgBody is empty.
    MsgFlagBits: 0,
    MsgKey: msgKeyOf(message),
    MsgBody: restMsgBody(message),
    CloudCustomData: message.cloudCustomData,
  };
}
