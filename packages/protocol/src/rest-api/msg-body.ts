import { z } from 'zod';
import { Limits } from '../constants';
import { safeText } from '../text';
import type { WireMessage } from '../wire';
import { uint32Schema } from './fields';

/**
 * Tencent's MsgBody, as its REST API's message commands (one-to-one and group) take and answer it:
 * a list of elements, each a MsgType and its MsgContent with Tencent's field names. A Liaison
 * message holds one element, so a MsgBody here holds exactly one.
 */

/** A file's address another system gave it: an http(s) URL, kept as it came. */
const urlSchema = safeText({ min: 1, maxBytes: Limits.AVATAR_URL_MAX_BYTES }).refine(
  (value) => /^https?:\/\/\S+$/i.test(value),
  { message: 'must be an http(s) URL' },
);
const text = safeText({ maxBytes: Limits.MESSAGE_MAX_BYTES });
const uuidSchema = safeText({ maxBytes: 128 });

const textElem = z.object({ MsgType: z.literal('TIMTextElem'), MsgContent: z.object({ Text: text }) });
const customElem = z.object({
  MsgType: z.literal('TIMCustomElem'),
  MsgContent: z.object({
    Data: text.optional(),
    Desc: text.optional(),
    Ext: text.optional(),
    /** Tencent's iOS push sound: accepted, not used (no offline push). */
    Sound: text.optional(),
  }),
});
const faceElem = z.object({
  MsgType: z.literal('TIMFaceElem'),
  MsgContent: z.object({ Index: uint32Schema, Data: text.optional() }),
});
const locationElem = z.object({
  MsgType: z.literal('TIMLocationElem'),
  MsgContent: z.object({
    Desc: text.optional(),
    Latitude: z.number().min(-90).max(90),
    Longitude: z.number().min(-180).max(180),
  }),
});
const imageElem = z.object({
  MsgType: z.literal('TIMImageElem'),
  MsgContent: z.object({
    UUID: uuidSchema,
    /** 1 JPG, 2 GIF, 3 PNG, 4 BMP, 255 other. */
    ImageFormat: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(255)]),
    /** Original, large and small: Type 1, 2 and 3. */
    ImageInfoArray: z
      .array(
        z.object({
          Type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
          Size: uint32Schema,
          Width: uint32Schema,
          Height: uint32Schema,
          URL: urlSchema,
        }),
      )
      .min(1)
      .max(3),
  }),
});
const soundElem = z.object({
  MsgType: z.literal('TIMSoundElem'),
  MsgContent: z.object({
    Url: urlSchema,
    UUID: uuidSchema.optional(),
    Size: uint32Schema,
    Second: uint32Schema,
    Download_Flag: uint32Schema.optional(),
  }),
});
const fileElem = z.object({
  MsgType: z.literal('TIMFileElem'),
  MsgContent: z.object({
    Url: urlSchema,
    UUID: uuidSchema.optional(),
    FileSize: uint32Schema,
    FileName: safeText({ min: 1, maxBytes: 255 }),
    Download_Flag: uint32Schema.optional(),
  }),
});
const videoElem = z.object({
  MsgType: z.literal('TIMVideoFileElem'),
  MsgContent: z.object({
    VideoUrl: urlSchema,
    VideoUUID: uuidSchema.optional(),
    VideoSize: uint32Schema,
    VideoSecond: uint32Schema,
    VideoFormat: safeText({ maxBytes: 16 }),
    VideoDownloadFlag: uint32Schema.optional(),
    ThumbUrl: urlSchema.optional(),
    ThumbUUID: uuidSchema.optional(),
    ThumbSize: uint32Schema.optional(),
    ThumbWidth: uint32Schema.optional(),
    ThumbHeight: uint32Schema.optional(),
    ThumbFormat: safeText({ maxBytes: 16 }).optional(),
    ThumbDownloadFlag: uint32Schema.optional(),
  }),
});

/** One element of a MsgBody, by MsgType. */
export const restMsgElemSchema = z.discriminatedUnion('MsgType', [
  textElem,
  customElem,
  faceElem,
  locationElem,
  imageElem,
  soundElem,
  fileElem,
  videoElem,
]);
export type RestMsgElem = z.infer<typeof restMsgElemSchema>;

/** A MsgBody a command sends: one element. */
export const restMsgBodySchema = z.array(restMsgElemSchema).length(1, 'MsgBody: one element a message');

/** An element as a command answers it (admin_getroammsg): Tencent's field names, any MsgType. */
export interface RestMsgElemAnswer {
  MsgType: string;
  MsgContent: Record<string, unknown>;
}

/** A message's type and payload, still paired as the wire's union pairs them. */
export type MessageContent = WireMessage extends infer M
  ? M extends WireMessage
    ? Pick<M, 'type' | 'payload'>
    : never
  : never;

/**
 * A message's content as Tencent's MsgBody (one element, Tencent's field names), as the REST API
 * answers it and the callbacks post it. Types Tencent has no MsgContent form for keep Liaison's fields.
 */
export function tencentMsgBody(content: MessageContent): RestMsgElemAnswer[] {
  return [{ MsgType: content.type, MsgContent: tencentMsgContent(content) }];
}

function tencentMsgContent(message: MessageContent): Record<string, unknown> {
  switch (message.type) {
    case 'TIMTextElem':
      return { Text: message.payload.text };
    case 'TIMCustomElem':
      return { Data: message.payload.data, Desc: message.payload.description, Ext: message.payload.extension };
    case 'TIMFaceElem':
      return { Index: message.payload.index, Data: message.payload.data };
    case 'TIMLocationElem': {
      const { description, latitude, longitude } = message.payload;
      return { Desc: description, Latitude: latitude, Longitude: longitude };
    }
    case 'TIMImageElem':
      return {
        UUID: message.payload.uuid,
        ImageFormat: message.payload.imageFormat,
        ImageInfoArray: message.payload.imageInfoArray.map((info) => ({
          Type: info.type,
          Size: info.size,
          Width: info.width,
          Height: info.height,
          URL: info.url,
        })),
      };
    case 'TIMSoundElem': {
      const { url, uuid, size, second, downloadFlag } = message.payload;
      return { Url: url, UUID: uuid, Size: size, Second: second, Download_Flag: downloadFlag };
    }
    case 'TIMFileElem': {
      const { fileUrl, uuid, fileSize, fileName, downloadFlag } = message.payload;
      return { Url: fileUrl, UUID: uuid, FileSize: fileSize, FileName: fileName, Download_Flag: downloadFlag };
    }
    case 'TIMVideoFileElem': {
      const video = message.payload;
      return {
        VideoUrl: video.videoUrl,
        VideoUUID: video.videoUUID,
        VideoSize: video.videoSize,
        VideoSecond: video.videoSecond,
        VideoFormat: video.videoFormat,
        VideoDownloadFlag: video.videoDownloadFlag,
        ThumbUrl: video.snapshotUrl,
        ThumbUUID: video.snapshotUUID,
        ThumbSize: video.snapshotSize,
        ThumbWidth: video.snapshotWidth,
        ThumbHeight: video.snapshotHeight,
      };
    }
    case 'TIMRelayElem': {
      const { title, abstractList, compatibleText } = message.payload;
      return { Title: title, AbstractList: abstractList, CompatibleText: compatibleText };
    }
    default:
      return { ...message.payload };
  }
}
