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

/**
 * The content an app backend's answer puts in place of the sent one. Liaison messages hold one
 * element, so the answer must be one element of a kind that needs no stored file (text, custom,
 * face, location); anything else is not understood (null) and the original goes out.
 */
export function fromMsgBody(body: unknown): MessageContent | null {
  if (!Array.isArray(body) || body.length !== 1) return null;
  const elem: unknown = body[0];
  if (typeof elem !== 'object' || elem === null) return null;
  const { MsgType: type, MsgContent: c } = elem as { MsgType?: unknown; MsgContent?: unknown };
  if (typeof c !== 'object' || c === null) return null;
  const field = (name: string) => (c as Record<string, unknown>)[name];
  const text = (name: string) => (typeof field(name) === 'string' ? (field(name) as string) : undefined);
  const number = (name: string) => (typeof field(name) === 'number' ? (field(name) as number) : undefined);
  switch (type) {
    case 'TIMTextElem': {
      const value = text('Text');
      return value === undefined ? null : { type, payload: { text: value } };
    }
    case 'TIMCustomElem':
      return {
        type,
        payload: { data: text('Data') ?? '', description: text('Desc') ?? '', extension: text('Ext') ?? '' },
      };
    case 'TIMFaceElem': {
      const index = number('Index');
      return index === undefined || !Number.isInteger(index) || index < 0
        ? null
        : { type, payload: { index, data: text('Data') ?? '' } };
    }
    case 'TIMLocationElem': {
      const [latitude, longitude] = [number('Latitude'), number('Longitude')];
      if (latitude === undefined || longitude === undefined || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
        return null;
      }
      return { type, payload: { description: text('Desc') ?? '', latitude, longitude } };
    }
    default:
      return null;
  }
}
