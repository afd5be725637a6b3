import type { WireMessage } from '@liaison/protocol';

/** One element of Tencent's MsgBody (TIMMessage object). */
export interface TencentElem {
  MsgType: string;
  MsgContent: Record<string, unknown>;
}

/** A message's type and payload, still discriminated by type. */
export type MessageContent = ContentOf<WireMessage>;
type ContentOf<M> = M extends WireMessage ? Pick<M, 'type' | 'payload'> : never;
type Content = MessageContent;
/** A type and a payload that belong together, as the send path carries them (DeliveredContent). */
export interface PairedContent {
  type: WireMessage['type'];
  payload: WireMessage['payload'];
}

/** A message's content as Tencent's MsgBody: one element, with Tencent's field names. */
export function toMsgBody(content: PairedContent): TencentElem[] {
  // The send path builds each payload for its type, so the pair is one of the union's members.
  return [{ MsgType: content.type, MsgContent: msgContent(content as Content) }];
}

/**
 * The content an app backend's answer puts in place of the sent one. Liaison messages hold one
 * element, so the answer must be one element of a kind that needs no stored file (text, custom,
 * face, location); anything else is not understood (null) and the original goes out.
 */
export function fromMsgBody(body: unknown): Content | null {
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

function msgContent(content: Content): Record<string, unknown> {
  switch (content.type) {
    case 'TIMTextElem':
      return { Text: content.payload.text };
    case 'TIMCustomElem':
      return { Data: content.payload.data, Desc: content.payload.description, Ext: content.payload.extension };
    case 'TIMFaceElem':
      return { Index: content.payload.index, Data: content.payload.data };
    case 'TIMLocationElem':
      return {
        Desc: content.payload.description,
        Latitude: content.payload.latitude,
        Longitude: content.payload.longitude,
      };
    case 'TIMImageElem':
      return {
        UUID: content.payload.uuid,
        ImageFormat: content.payload.imageFormat,
        ImageInfoArray: content.payload.imageInfoArray.map((info) => ({
          Type: info.type,
          Size: info.size,
          Width: info.width,
          Height: info.height,
          URL: info.url,
        })),
      };
    case 'TIMSoundElem':
      return {
        UUID: content.payload.uuid,
        Url: content.payload.url,
        Size: content.payload.size,
        Second: content.payload.second,
        Download_Flag: content.payload.downloadFlag,
      };
    case 'TIMVideoFileElem':
      return {
        VideoUUID: content.payload.videoUUID,
        VideoUrl: content.payload.videoUrl,
        VideoSize: content.payload.videoSize,
        VideoSecond: content.payload.videoSecond,
        VideoFormat: content.payload.videoFormat,
        VideoDownloadFlag: content.payload.videoDownloadFlag,
        ThumbUUID: content.payload.snapshotUUID,
        ThumbUrl: content.payload.snapshotUrl,
        ThumbWidth: content.payload.snapshotWidth,
        ThumbHeight: content.payload.snapshotHeight,
        ThumbSize: content.payload.snapshotSize,
      };
    case 'TIMFileElem':
      return {
        UUID: content.payload.uuid,
        Url: content.payload.fileUrl,
        FileSize: content.payload.fileSize,
        FileName: content.payload.fileName,
        Download_Flag: content.payload.downloadFlag,
      };
    default:
      // Merged records and group tips have no MsgContent fields of Tencent's we fill; their payload goes as it is.
      return { ...content.payload };
  }
}
