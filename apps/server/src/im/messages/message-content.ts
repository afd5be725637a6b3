import type {
  ImageInfo,
  ImagePayload,
  MergedMessage,
  OpRequestParsed,
  SoundPayload,
  VideoPayload,
  WireMessage,
  WireMessageType,
} from '@liaison/protocol';
import type { Sql } from '../../db/database';
import { type FileRecord, type FileVariantName, fileURL, requireUsableFile } from '../../files/file-access';
import type { ModeratedContent } from '../../moderation/check';
import { buildMerger } from './merger';
import type { MergedSource } from './message-writer';

type SendBody = OpRequestParsed<'sendMessage'>;
/** A send's type and payload (also what modifyMessage brings), still discriminated by type. */
type SendContentParsed<B = SendBody> = B extends unknown ? Pick<B, Extract<keyof B, 'type' | 'payload'>> : never;

/** What a send becomes once the server has filled in what only it knows. */
export interface DeliveredContent {
  type: WireMessageType;
  payload: WireMessage['payload'];
  /** File IDs and merged-record keys the target conversation may read once the message is stored. */
  grants: string[];
  /** A merged record to store with the message, and where each of its messages came from. */
  record: { downloadKey: string; messageList: MergedMessage[]; sources: MergedSource[] } | null;
  /** The text and images moderation judges. */
  moderated: ModeratedContent;
}

/** reference SDK: downloadFlag 2 means the file can be downloaded. */
const DOWNLOADABLE = 2;

/**
 * Turns a send payload into the delivered one: files are named by their uuid, and their URLs,
 * sizes and formats come from our records (a missing or foreign file is 7004); a merger is built
 * from the messages it names (merger.ts). One small function per type.
 */
export async function deliveredContent(db: Sql, userID: string, body: SendContentParsed): Promise<DeliveredContent> {
  switch (body.type) {
    case 'TIMTextElem':
      return plain(body.type, body.payload, [body.payload.text]);
    case 'TIMImageElem':
      return image(db, userID, body.payload.uuid);
    case 'TIMSoundElem':
      return sound(db, userID, body.payload);
    case 'TIMVideoFileElem':
      return video(db, userID, body.payload);
    case 'TIMFileElem':
      return file(db, userID, body.payload.uuid);
    case 'TIMLocationElem':
      return plain(body.type, body.payload, [body.payload.description]);
    case 'TIMFaceElem':
      return plain(body.type, body.payload, []);
    case 'TIMCustomElem':
      return plain(body.type, body.payload, [body.payload.data, body.payload.description, body.payload.extension]);
    case 'TIMRelayElem': {
      const merger = await buildMerger(db, userID, body.payload);
      const { title, abstractList, compatibleText } = merger.payload;
      return {
        type: body.type,
        payload: merger.payload,
        grants: merger.grants,
        record: merger.record,
        moderated: { texts: [title, ...abstractList, compatibleText], images: [] },
      };
    }
  }
}

function plain(type: WireMessageType, payload: WireMessage['payload'], texts: string[]): DeliveredContent {
  return { type, payload, grants: [], record: null, moderated: { texts, images: [] } };
}

async function image(db: Sql, userID: string, uuid: string): Promise<DeliveredContent> {
  const record = await requireUsableFile(db, userID, uuid, ['image']);
  return {
    type: 'TIMImageElem',
    payload: imagePayload(record),
    grants: [record.fileID],
    record: null,
    moderated: { texts: [], images: [record.sha256] },
  };
}

/** The three sizes, original first; an image too small to need a size is served as the original. */
export function imagePayload(record: FileRecord): ImagePayload {
  const original: ImageInfo = {
    type: 1,
    size: record.size,
    width: record.width ?? 0,
    height: record.height ?? 0,
    url: fileURL(record.fileID),
  };
  const sized = (type: 2 | 3, name: FileVariantName): ImageInfo => {
    const variant = record.variants[name];
    return variant ? { type, ...variant, url: fileURL(record.fileID, name) } : { ...original, type };
  };
  return {
    uuid: record.fileID,
    imageFormat: imageFormatOf(record.imageFormat),
    imageInfoArray: [original, sized(2, 'large'), sized(3, 'small')],
  };
}

function imageFormatOf(format: number | null): ImagePayload['imageFormat'] {
  return format === 1 || format === 2 || format === 3 || format === 4 ? format : 255;
}

async function sound(
  db: Sql,
  userID: string,
  send: Extract<SendBody, { type: 'TIMSoundElem' }>['payload'],
): Promise<DeliveredContent> {
  const record = await requireUsableFile(db, userID, send.uuid, ['audio']);
  const url = fileURL(record.fileID);
  const payload: SoundPayload = {
    uuid: record.fileID,
    url,
    remoteAudioUrl: url,
    size: record.size,
    second: send.second,
    downloadFlag: DOWNLOADABLE,
  };
  return { type: 'TIMSoundElem', payload, grants: [record.fileID], record: null, moderated: { texts: [], images: [] } };
}

async function video(
  db: Sql,
  userID: string,
  send: Extract<SendBody, { type: 'TIMVideoFileElem' }>['payload'],
): Promise<DeliveredContent> {
  const record = await requireUsableFile(db, userID, send.videoUUID, ['video']);
  const snapshot = send.snapshotUUID
    ? await requireUsableFile(db, userID, send.snapshotUUID, ['snapshot', 'image'])
    : null;
  const url = fileURL(record.fileID);
  const payload: VideoPayload = {
    videoUUID: record.fileID,
    videoUrl: url,
    remoteVideoUrl: url,
    videoSize: record.size,
    videoSecond: send.videoSecond,
    videoFormat: videoFormatOf(record),
    videoDownloadFlag: DOWNLOADABLE,
    snapshotUUID: snapshot?.fileID ?? '',
    snapshotUrl: snapshot ? fileURL(snapshot.fileID) : '',
    snapshotWidth: snapshot?.width ?? 0,
    snapshotHeight: snapshot?.height ?? 0,
    snapshotSize: snapshot?.size ?? 0,
    thumbUrl: snapshot ? fileURL(snapshot.fileID, snapshot.variants.small ? 'small' : undefined) : '',
  };
  return {
    type: 'TIMVideoFileElem',
    payload,
    grants: snapshot ? [record.fileID, snapshot.fileID] : [record.fileID],
    record: null,
    moderated: { texts: [], images: snapshot ? [snapshot.sha256] : [] },
  };
}

/** 'mp4', 'webm', …: from the stored content type, as the reference reports the container. */
function videoFormatOf(record: FileRecord): string {
  const subtype = record.contentType.split(';')[0]?.split('/')[1] ?? '';
  if (subtype === 'quicktime') return 'mov';
  return subtype || (record.fileName.split('.').pop() ?? '').toLowerCase();
}

async function file(db: Sql, userID: string, uuid: string): Promise<DeliveredContent> {
  const record = await requireUsableFile(db, userID, uuid, ['file']);
  return {
    type: 'TIMFileElem',
    payload: {
      uuid: record.fileID,
      fileName: record.fileName,
      fileSize: record.size,
      fileUrl: fileURL(record.fileID),
      downloadFlag: DOWNLOADABLE,
    },
    grants: [record.fileID],
    record: null,
    moderated: { texts: [], images: [] },
  };
}
