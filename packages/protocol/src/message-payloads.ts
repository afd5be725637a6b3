import { z } from 'zod';
import { Limits } from './constants';
import { safeText } from './text';

/**
 * Every message type's payload, with the reference SDK's type names and field names (spec chat.md §3).
 * Two shapes per type: what a client sends (`send*`: files by the ID their upload got, never a URL) and
 * what the server stores and delivers (`*PayloadSchema`: URLs and sizes filled in by the server from
 * its own records, so a client can neither point a message at someone else's file nor lie about it).
 * File URLs on the wire are paths on the server (`/im/files/<fileID>…`); the SDK makes them absolute
 * and adds the viewer's file access token.
 */

export const MESSAGE_TYPES = [
  'TIMTextElem',
  'TIMImageElem',
  'TIMSoundElem',
  'TIMVideoFileElem',
  'TIMFileElem',
  'TIMLocationElem',
  'TIMFaceElem',
  'TIMCustomElem',
  'TIMRelayElem',
  'TIMGroupTipElem',
  'TIMGroupSystemNoticeElem',
] as const;
export const messageTypeSchema = z.enum(MESSAGE_TYPES);
export type WireMessageType = z.infer<typeof messageTypeSchema>;

/** A stored file's ID: unguessable, made by the server when an upload completes. */
export const fileIDSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'fileID is the uuid an upload returned')
  .max(64);

// Delivered payloads.

export const textPayloadSchema = z.object({ text: z.string() });

/** spec §3: imageFormat 1 jpg, 2 gif, 3 png, 4 bmp; 255 for other accepted formats (webp), as the reference. */
export const imageFormatSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(255)]);

/** One size of an image. type: 1 original, 2 large (≤ 720 px), 3 small (≤ 198 px), as the reference's REST shape. */
export const imageInfoSchema = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  size: z.number().int().nonnegative(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  url: z.string(),
});
export type ImageInfo = z.infer<typeof imageInfoSchema>;

export const imagePayloadSchema = z.object({
  uuid: z.string(),
  imageFormat: imageFormatSchema,
  /** Original at index 0, large at 1, small at 2. */
  imageInfoArray: z.array(imageInfoSchema),
});

export const soundPayloadSchema = z.object({
  uuid: z.string(),
  url: z.string(),
  remoteAudioUrl: z.string(),
  size: z.number().int().nonnegative(),
  second: z.number().int().nonnegative(),
  downloadFlag: z.number().int(),
});

export const videoPayloadSchema = z.object({
  videoUUID: z.string(),
  videoUrl: z.string(),
  remoteVideoUrl: z.string(),
  videoSize: z.number().int().nonnegative(),
  videoSecond: z.number().int().nonnegative(),
  videoFormat: z.string(),
  videoDownloadFlag: z.number().int(),
  snapshotUUID: z.string(),
  snapshotUrl: z.string(),
  snapshotWidth: z.number().int().nonnegative(),
  snapshotHeight: z.number().int().nonnegative(),
  snapshotSize: z.number().int().nonnegative(),
  /** The small size of the snapshot, for lists. */
  thumbUrl: z.string(),
});

export const filePayloadSchema = z.object({
  uuid: z.string(),
  fileName: z.string(),
  fileSize: z.number().int().nonnegative(),
  fileUrl: z.string(),
  downloadFlag: z.number().int(),
});

export const locationPayloadSchema = z.object({
  description: z.string(),
  longitude: z.number().min(-180).max(180),
  latitude: z.number().min(-90).max(90),
});

export const facePayloadSchema = z.object({ index: z.number().int().nonnegative(), data: z.string() });

export const customPayloadSchema = z.object({ data: z.string(), description: z.string(), extension: z.string() });

/** A message inside a merged record (the reference SDK's shape). */
export interface MergedMessage {
  ID: string;
  from: string;
  nick: string;
  avatar: string;
  /** Seconds. */
  time: number;
  cloudCustomData: string;
  messageBody: Array<{ type: WireMessageType; payload: unknown }>;
  /** The original was revoked after the record was made: its body is emptied (set only then). */
  isRevoked?: boolean;
  /** Moderation flagged the original after the record was made: its body is emptied (set only then). */
  hasRiskContent?: boolean;
}
export const mergedMessageSchema: z.ZodType<MergedMessage> = z.object({
  ID: z.string(),
  from: z.string(),
  nick: z.string(),
  avatar: z.string(),
  time: z.number().int(),
  cloudCustomData: z.string(),
  messageBody: z.array(z.object({ type: messageTypeSchema, payload: z.unknown() })),
  isRevoked: z.boolean().optional(),
  hasRiskContent: z.boolean().optional(),
});

export const mergerPayloadSchema = z.object({
  /** Fetch the record with downloadMergerMessage when messageList is empty (large records). */
  downloadKey: z.string(),
  title: z.string(),
  abstractList: z.array(z.string()),
  compatibleText: z.string(),
  /** Present for small records; empty for large ones (then download by key). */
  messageList: z.array(mergedMessageSchema),
});

/** The reference SDK's TYPES.GRP_TIP_*: 1 join, 2 quit, 3 kicked, 4 set admin, 5 admin cancelled, 6 group profile, 7 member profile. */
export const GroupTipOperation = {
  MEMBER_JOIN: 1,
  MEMBER_QUIT: 2,
  MEMBER_KICKED_OUT: 3,
  SET_ADMIN: 4,
  CANCEL_ADMIN: 5,
  GROUP_PROFILE_UPDATED: 6,
  MEMBER_PROFILE_UPDATED: 7,
} as const;

export const groupTipPayloadSchema = z.object({
  operatorID: z.string(),
  operationType: z.number().int(),
  userIDList: z.array(z.string()),
  /** Nicks of userIDList at the time, so the tip reads without a profile fetch. */
  nickList: z.array(z.string()),
  /**
   * For profile changes: the fields that changed and their new values; groupCustomField lists the
   * custom fields that changed, with the value now ('' when removed).
   */
  newGroupProfile: z
    .record(
      z.string(),
      z.union([z.string(), z.number(), z.boolean(), z.array(z.object({ key: z.string(), value: z.string() }))]),
    )
    .nullable(),
  memberNum: z.number().int().nonnegative(),
  /**
   * Mute changes (MEMBER_PROFILE_UPDATED), as the reference: each member's mute length in
   * seconds from the tip's time, 0 when the mute was cancelled.
   */
  memberList: z.array(z.object({ userID: z.string(), muteTime: z.number().int().nonnegative() })).optional(),
});

/** The reference SDK's TYPES.GRP_SYS_NOTICE_* operation types (1 join request, 4 kicked, 5 dismissed, …). */
export const groupSystemNoticePayloadSchema = z.object({
  operationType: z.number().int(),
  operatorID: z.string(),
  groupProfile: z.object({ groupID: z.string(), name: z.string() }),
  handleMessage: z.string(),
  /** A CUSTOM notice's text, as the reference SDK names it. */
  userDefinedField: z.string().optional(),
});

/** Payload schema by message type, as stored and delivered. */
export const payloadSchemas = {
  TIMTextElem: textPayloadSchema,
  TIMImageElem: imagePayloadSchema,
  TIMSoundElem: soundPayloadSchema,
  TIMVideoFileElem: videoPayloadSchema,
  TIMFileElem: filePayloadSchema,
  TIMLocationElem: locationPayloadSchema,
  TIMFaceElem: facePayloadSchema,
  TIMCustomElem: customPayloadSchema,
  TIMRelayElem: mergerPayloadSchema,
  TIMGroupTipElem: groupTipPayloadSchema,
  TIMGroupSystemNoticeElem: groupSystemNoticePayloadSchema,
} as const satisfies Record<WireMessageType, z.ZodType>;

export type PayloadOf<T extends WireMessageType> = z.infer<(typeof payloadSchemas)[T]>;
export type TextPayload = PayloadOf<'TIMTextElem'>;
export type ImagePayload = PayloadOf<'TIMImageElem'>;
export type SoundPayload = PayloadOf<'TIMSoundElem'>;
export type VideoPayload = PayloadOf<'TIMVideoFileElem'>;
export type FilePayload = PayloadOf<'TIMFileElem'>;
export type LocationPayload = PayloadOf<'TIMLocationElem'>;
export type FacePayload = PayloadOf<'TIMFaceElem'>;
export type CustomPayload = PayloadOf<'TIMCustomElem'>;
export type MergerPayload = PayloadOf<'TIMRelayElem'>;
export type GroupTipPayload = PayloadOf<'TIMGroupTipElem'>;
export type GroupSystemNoticePayload = PayloadOf<'TIMGroupSystemNoticeElem'>;

// What a client sends. Only user-sendable types: tips and system notices are the server's.

const text = safeText;

/** A merged record's key: made by the server (base64url), so anything else names no record. */
export const downloadKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/, 'downloadKey is the key a merged record was stored under')
  .min(1)
  .max(64);

/**
 * A message reference: a merged record is built by the server from messages the sender can read.
 * The same characters as conversation and message IDs (wire.ts), so a reference is looked up as given.
 */
export const messageRefSchema = z.object({
  conversationID: z
    .string()
    .regex(/^(C2C[A-Za-z0-9_-]+|GROUP[A-Za-z0-9_@#.-]+)$/, 'conversationID must be C2C<userID> or GROUP<groupID>')
    .max(64),
  ID: z
    .string()
    .regex(/^[A-Za-z0-9_.:@#-]+$/, 'message ID may hold letters, digits and _ . : @ # - only')
    .min(1)
    .max(Limits.MESSAGE_ID_MAX),
});

export const sendPayloadSchemas = {
  TIMTextElem: z.object({ text: text({ min: 1 }) }),
  TIMImageElem: z.object({ uuid: fileIDSchema }),
  TIMSoundElem: z.object({ uuid: fileIDSchema, second: z.number().int().min(0).max(Limits.AUDIO_MAX_SECONDS) }),
  TIMVideoFileElem: z.object({
    videoUUID: fileIDSchema,
    /** The first frame, uploaded as an image (kind 'snapshot'); absent when the browser could not make one. */
    snapshotUUID: fileIDSchema.optional(),
    videoSecond: z
      .number()
      .int()
      .min(0)
      .max(24 * 3600),
  }),
  TIMFileElem: z.object({ uuid: fileIDSchema }),
  TIMLocationElem: z.object({
    description: text({ maxBytes: 1024 }),
    longitude: z.number().min(-180).max(180),
    latitude: z.number().min(-90).max(90),
  }),
  TIMFaceElem: z.object({ index: z.number().int().min(0).max(1_000_000), data: text({ maxBytes: 1024 }) }),
  TIMCustomElem: z.object({ data: text(), description: text(), extension: text() }),
  /**
   * A new record from messages (1–300, each a message the sender can read), or the forward of an
   * existing record by its downloadKey.
   */
  TIMRelayElem: z.union([
    z.object({
      title: text({ min: 1, maxBytes: 256 }),
      abstractList: z.array(text({ maxBytes: 512 })).max(Limits.MERGER_ABSTRACT_MAX),
      compatibleText: text({ min: 1, maxBytes: 512 }),
      messageList: z.array(messageRefSchema).min(1).max(Limits.MERGER_MESSAGES_MAX),
    }),
    z.object({
      downloadKey: downloadKeySchema,
      title: text({ min: 1, maxBytes: 256 }),
      abstractList: z.array(text({ maxBytes: 512 })).max(Limits.MERGER_ABSTRACT_MAX),
      compatibleText: text({ min: 1, maxBytes: 512 }),
    }),
  ]),
} as const;
export type SendableType = keyof typeof sendPayloadSchemas;
export type SendPayloadOf<T extends SendableType> = z.input<(typeof sendPayloadSchemas)[T]>;

/** The sendMessage request's type + payload, discriminated by type. */
export const sendContentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TIMTextElem'), payload: sendPayloadSchemas.TIMTextElem }),
  z.object({ type: z.literal('TIMImageElem'), payload: sendPayloadSchemas.TIMImageElem }),
  z.object({ type: z.literal('TIMSoundElem'), payload: sendPayloadSchemas.TIMSoundElem }),
  z.object({ type: z.literal('TIMVideoFileElem'), payload: sendPayloadSchemas.TIMVideoFileElem }),
  z.object({ type: z.literal('TIMFileElem'), payload: sendPayloadSchemas.TIMFileElem }),
  z.object({ type: z.literal('TIMLocationElem'), payload: sendPayloadSchemas.TIMLocationElem }),
  z.object({ type: z.literal('TIMFaceElem'), payload: sendPayloadSchemas.TIMFaceElem }),
  z.object({ type: z.literal('TIMCustomElem'), payload: sendPayloadSchemas.TIMCustomElem }),
  z.object({ type: z.literal('TIMRelayElem'), payload: sendPayloadSchemas.TIMRelayElem }),
]);
export type SendContent = z.input<typeof sendContentSchema>;

/** A message as far as its list text needs it. */
export type ShownMessage =
  | { type: 'TIMTextElem'; payload: { text: string } }
  | { type: 'TIMCustomElem'; payload: { description: string } }
  | { type: Exclude<WireMessageType, 'TIMTextElem' | 'TIMCustomElem'> };

/** The reference SDK's list labels for messages other than text. */
const MESSAGE_LABELS = {
  TIMImageElem: '[图片]',
  TIMSoundElem: '[语音]',
  TIMVideoFileElem: '[视频]',
  TIMFileElem: '[文件]',
  TIMLocationElem: '[位置]',
  TIMFaceElem: '[动画表情]',
  TIMCustomElem: '[自定义消息]',
  TIMRelayElem: '[聊天记录]',
  TIMGroupTipElem: '[群提示消息]',
  TIMGroupSystemNoticeElem: '[群系统通知]',
} as const;

/**
 * The reference SDK's messageForShow: the text itself, a custom message's description, or the
 * reference's label for the type ('[图片]', '[文件]', …; a UI shows its own translation by type).
 */
export function messageForShow(message: ShownMessage): string {
  if (message.type === 'TIMTextElem') return message.payload.text;
  if (message.type === 'TIMCustomElem' && message.payload.description !== '') return message.payload.description;
  return MESSAGE_LABELS[message.type];
}
