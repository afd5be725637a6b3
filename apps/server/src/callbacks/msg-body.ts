import { type MessageContent, type RestMsgElemAnswer, tencentMsgBody, type WireMessage } from '@liaison/protocol';

/** A type and a payload that belong together, as the send path carries them (DeliveredContent). */
export interface PairedContent {
  type: WireMessage['type'];
  payload: WireMessage['payload'];
}

/** A message's content as Tencent's MsgBody: one element, with Tencent's field names. */
export function toMsgBody(content: PairedContent): RestMsgElemAnswer[] {
  // The send path builds each payload for its type, so the pair is one of the union's members.
  return tencentMsgBody(content as MessageContent);
}
