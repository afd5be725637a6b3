import {
  ErrorCode,
  LiaisonError,
  Limits,
  messageBodyBytes,
  type OpRequestParsed,
  restMsgBodySchema,
} from '@liaison/protocol';
import type { CallbackOrigin, Callbacks } from '../../callbacks/callbacks';
import type { DeliveredContent } from './message-content';
import { restContent } from './rest-msg-body';

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
  const decided = await callbacks.beforeSend(outgoing, origin, readMsgBody);
  if (
    decided.content !== content &&
    messageBodyBytes(decided.content.payload, decided.cloudCustomData) > Limits.MESSAGE_MAX_BYTES
  ) {
    throw new LiaisonError(ErrorCode.MESSAGE_TOO_LONG);
  }
  return { content: decided.content, cloudCustomData: decided.cloudCustomData };
}

/**
 * A replacement MsgBody is read as the REST API's sends read theirs (one element; files named by
 * the backend's URLs, granted nothing). It is the backend's own content: not moderated again.
 */
function readMsgBody(msgBody: unknown): DeliveredContent | null {
  const parsed = restMsgBodySchema.safeParse(msgBody);
  if (!parsed.success) return null;
  const [elem] = parsed.data;
  return elem ? { ...restContent(elem), moderated: { texts: [], images: [] } } : null;
}
