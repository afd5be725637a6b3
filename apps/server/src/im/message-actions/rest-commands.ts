import { ops, RestError, RestErrorCode, restOpenimSchemas, toConversationID } from '@liaison/protocol';
import { c2cKey } from '../messages/keys';
import { findByMsgKey, type StoredByKey } from '../messages/msg-key';
import { NO_SESSION, OPENIM_CODES, requireParties } from '../messages/rest-commands';
import { restContent } from '../messages/rest-msg-body';
import { restCommand } from '../rest-command';
import { type MessageActionDeps, modifyMessage, revokeMessage } from './message-actions';

/**
 * openim/admin_msgwithdraw and modify_c2c_msg: the message the MsgKey names is revoked or modified
 * by its sender with the SDK's revokeMessage and modifyMessage, so both users' clients get the
 * same messageUpdated. The administrator's revoke has no time window.
 */
export const openimActionCommands = {
  admin_msgwithdraw: restCommand({
    schema: restOpenimSchemas.admin_msgwithdraw,
    codes: OPENIM_CODES,
    async run(deps: MessageActionDeps, body) {
      const found = await requireMessage(deps, body, RestErrorCode.OPENIM_MSG_NOT_FOUND);
      if (found.revoked) throw new RestError(RestErrorCode.OPENIM_MSG_ALREADY_REVOKED);
      const anyTime = { ...deps.messageActions, revokeWindowSeconds: Number.POSITIVE_INFINITY };
      await revokeMessage({ ...deps, messageActions: anyTime }, NO_SESSION, body.From_Account, {
        conversationID: toConversationID('C2C', body.To_Account),
        messageID: found.id,
      });
      return {};
    },
  }),

  modify_c2c_msg: restCommand({
    schema: restOpenimSchemas.modify_c2c_msg,
    codes: OPENIM_CODES,
    async run(deps: MessageActionDeps, body) {
      const found = await requireMessage(deps, body, RestErrorCode.OPENIM_MSG_KEY_INVALID);
      const elem = body.MsgBody?.[0];
      const content = elem ? restContent(elem) : found;
      // Only text and custom messages are modified (modifyMessage's schema), keeping their type.
      const change = ops.modifyMessage.request.safeParse({
        conversationID: toConversationID('C2C', body.To_Account),
        messageID: found.id,
        version: found.version,
        type: content.type,
        payload: content.payload,
        ...(body.CloudCustomData === undefined ? {} : { cloudCustomData: body.CloudCustomData }),
      });
      if (!change.success) {
        throw new RestError(RestErrorCode.OPENIM_INVALID_PARAMS, 'MsgBody: only text and custom messages are modified');
      }
      await modifyMessage(deps, NO_SESSION, body.From_Account, change.data);
      return {};
    },
  }),
};

/** The message From_Account sent To_Account that the MsgKey names: 90008 / 90003 for an unknown account, `notFound` for none. */
async function requireMessage(
  deps: MessageActionDeps,
  body: { From_Account: string; To_Account: string; MsgKey: string },
  notFound: RestErrorCode,
): Promise<StoredByKey> {
  await requireParties(deps.db, body.From_Account, body.To_Account);
  const found = await findByMsgKey(deps.db, c2cKey(body.From_Account, body.To_Account), body.From_Account, body.MsgKey);
  if (!found) throw new RestError(notFound);
  return found;
}
