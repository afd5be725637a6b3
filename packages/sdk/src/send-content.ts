import { ErrorCode, LiaisonError, type SendContent } from '@liaison/protocol';
import type { Message } from './message-types';

/**
 * What an outgoing message sends, when that is not its payload: files are sent by the uuid their
 * upload returned, a merged record by message references or a downloadKey. Kept beside the
 * message (not in its payload, which stays in the reference SDK's shape for display).
 */
const contents = new WeakMap<Message, SendContent>();

export function setSendContent(message: Message, content: SendContent): void {
  contents.set(message, content);
}

export function hasSendContent(message: Message): boolean {
  return contents.has(message) || derivedContent(message) !== null;
}

/** The type and payload of the sendMessage op for this message. */
export function sendContentOf(message: Message): SendContent {
  const content = contents.get(message) ?? derivedContent(message);
  if (content === null) {
    throw new LiaisonError(ErrorCode.INVALID_PARAMS, `a ${message.type} message has nothing to send yet`);
  }
  return content;
}

/** Types whose payload is what they send. */
function derivedContent(message: Message): SendContent | null {
  switch (message.type) {
    case 'TIMTextElem':
      return { type: message.type, payload: { text: message.payload.text } };
    case 'TIMLocationElem': {
      const { description, longitude, latitude } = message.payload;
      return { type: message.type, payload: { description, longitude, latitude } };
    }
    case 'TIMFaceElem':
      return { type: message.type, payload: { index: message.payload.index, data: message.payload.data } };
    case 'TIMCustomElem': {
      const { data, description, extension } = message.payload;
      return { type: message.type, payload: { data, description, extension } };
    }
    default:
      return null;
  }
}
