import { ErrorCode, LiaisonError, Limits, messageBodyBytes, type OpRequestParsed } from '@liaison/protocol';
import type { CallbackOrigin, Callbacks } from '../../callbacks/callbacks';
import type { DeliveredContent } from './message-content';

/**
 * Asks the app backend (C2C/Group.CallbackBeforeSendMsg) about a send that passed every check.
 * It may refuse (thrown), let it through, or replace its content and cloudCustomData; a
 * replacement is held to the same 12 KB (8001) and carries no files.
 */
export async function beforeSendCallback(
  callbacks: Callbacks,
  origin: CallbackOrigin,
  sender: { userID: string },
  body: Pick<OpRequestParsed<'sendMessage'>, 'conversationType' | 'to' | 'ID' | 'random' | 'onlineUserOnly'>,
  content: DeliveredContent,
  cloudCustomData: string,
): Promise<{ content: DeliveredContent; cloudCustomData: string }> {
  const outgoing = {
    conversationType: body.conversationType,
    from: sender.userID,
    to: body.to,
    ID: body.ID,
    random: body.random,
    onlineOnly: body.onlineUserOnly === true,
    content,
    cloudCustomData,
  };
  const decided = await callbacks.beforeSend(outgoing, origin);
  if (decided.content === content) return { content, cloudCustomData: decided.cloudCustomData };
  if (messageBodyBytes(decided.content.payload, decided.cloudCustomData) > Limits.MESSAGE_MAX_BYTES) {
    throw new LiaisonError(ErrorCode.MESSAGE_TOO_LONG);
  }
  const replaced: DeliveredContent = {
    type: decided.content.type,
    payload: decided.content.payload,
    grants: [],
    record: null,
    moderated: { texts: [], images: [] },
  };
  return { content: replaced, cloudCustomData: decided.cloudCustomData };
}
