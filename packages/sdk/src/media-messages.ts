import type { ConversationType } from '@liaison/protocol';
import { invalidParams } from './core/errors';
import { TYPES } from './core/types';
import { attachMedia, guessImageFormat } from './media-send';
import { createOutgoingMessage, defaultEntropy, type MessageEntropy, type Sender } from './message-model';
import type { Message, MessageContent, MessagePriority } from './message-types';
import { isUploadSource, sourceName, type UploadSource } from './uploads';

/** What every create*Message takes besides its payload, as the reference SDK. */
export interface CreateMessageOptions<P> {
  /** Peer user ID for C2C, group ID for groups. */
  to: string;
  conversationType: ConversationType;
  payload: P;
  needReadReceipt?: boolean;
  cloudCustomData?: string;
  priority?: MessagePriority;
  isSupportExtension?: boolean;
  /** A targeted group message: only these members receive it (see createTextMessage). */
  receiverList?: string[];
}

/**
 * File-bearing messages also take onProgress(0..1), called as the upload goes, ending with 1.
 * Tencent's declarations type it `Function`, so a callback typed that way is accepted too.
 */
export interface CreateFileBearingOptions<P> extends CreateMessageOptions<P> {
  // biome-ignore lint/complexity/noBannedTypes: Tencent's declared type, which its ported code may use.
  onProgress?: ((progress: number) => void) | Function;
}

/** The reference also takes the `<input type="file">` itself (its first file is sent). */
export interface FileInputLike {
  files: { readonly length: number; readonly [index: number]: UploadSource } | null;
}
export type FileOption = UploadSource | FileInputLike;

export type CreateImageMessageOptions = CreateFileBearingOptions<{ file: FileOption }>;
/** `snapshot` and `videoSecond` are ours: for Node, where the SDK cannot decode a video to make them. */
export type CreateVideoMessageOptions = CreateFileBearingOptions<{
  file: FileOption;
  snapshot?: UploadSource;
  videoSecond?: number;
}>;
/** `second`: the recording's length; measured by the browser when absent (0 in Node). */
export type CreateAudioMessageOptions = CreateFileBearingOptions<{ file: FileOption; second?: number }>;
export type CreateFileMessageOptions = CreateFileBearingOptions<{ file: FileOption }>;
export type CreateLocationMessageOptions = CreateMessageOptions<{
  description: string;
  longitude: number;
  latitude: number;
}>;
export type CreateFaceMessageOptions = CreateMessageOptions<{ index: number; data: string }>;
export type CreateCustomMessageOptions = CreateMessageOptions<{
  data?: string;
  description?: string;
  extension?: string;
}>;

/** The reference's downloadFlag: 2 means the file can be downloaded. */
const DOWNLOADABLE = 2;

export function createImageMessage(
  options: CreateImageMessageOptions,
  sender: Sender,
  entropy: MessageEntropy = defaultEntropy,
): Message {
  const file = requireFile(options.payload?.file);
  const localURL = previewURL(file);
  const info = (type: 1 | 2 | 3) => ({ type, size: file.size, width: 0, height: 0, url: localURL ?? '' });
  const message = createFileBearing(
    {
      type: TYPES.MSG_IMAGE,
      payload: { uuid: '', imageFormat: guessImageFormat(file), imageInfoArray: [info(1), info(2), info(3)] },
    },
    options,
    sender,
    entropy,
  );
  attachMedia(message, { files: [{ source: file, kind: 'image' }], onProgress: options.onProgress }, localURL);
  return message;
}

export function createVideoMessage(
  options: CreateVideoMessageOptions,
  sender: Sender,
  entropy: MessageEntropy = defaultEntropy,
): Message {
  const file = requireFile(options.payload?.file);
  const snapshot = options.payload.snapshot === undefined ? undefined : requireFile(options.payload.snapshot);
  const seconds = optionalSeconds(options.payload.videoSecond, 'videoSecond');
  const message = createFileBearing(
    {
      type: TYPES.MSG_VIDEO,
      payload: {
        videoUUID: '',
        videoUrl: '',
        remoteVideoUrl: '',
        videoSize: file.size,
        videoSecond: seconds ?? 0,
        videoFormat: extensionOf(sourceName(file)),
        videoDownloadFlag: DOWNLOADABLE,
        snapshotUUID: '',
        snapshotUrl: '',
        snapshotWidth: 0,
        snapshotHeight: 0,
        snapshotSize: snapshot?.size ?? 0,
        thumbUrl: '',
      },
    },
    options,
    sender,
    entropy,
  );
  const files: Array<{ source: UploadSource; kind: 'video' | 'snapshot' }> = [{ source: file, kind: 'video' }];
  if (snapshot) files.push({ source: snapshot, kind: 'snapshot' });
  attachMedia(message, { files, onProgress: options.onProgress, seconds });
  return message;
}

export function createAudioMessage(
  options: CreateAudioMessageOptions,
  sender: Sender,
  entropy: MessageEntropy = defaultEntropy,
): Message {
  const file = requireFile(options.payload?.file);
  const seconds = optionalSeconds(options.payload.second, 'second');
  const message = createFileBearing(
    {
      type: TYPES.MSG_AUDIO,
      payload: {
        uuid: '',
        url: '',
        remoteAudioUrl: '',
        size: file.size,
        second: seconds ?? 0,
        downloadFlag: DOWNLOADABLE,
      },
    },
    options,
    sender,
    entropy,
  );
  attachMedia(message, { files: [{ source: file, kind: 'audio' }], onProgress: options.onProgress, seconds });
  return message;
}

export function createFileMessage(
  options: CreateFileMessageOptions,
  sender: Sender,
  entropy: MessageEntropy = defaultEntropy,
): Message {
  const file = requireFile(options.payload?.file);
  const message = createFileBearing(
    {
      type: TYPES.MSG_FILE,
      payload: { uuid: '', fileName: sourceName(file), fileSize: file.size, fileUrl: '', downloadFlag: DOWNLOADABLE },
    },
    options,
    sender,
    entropy,
  );
  attachMedia(message, { files: [{ source: file, kind: 'file' }], onProgress: options.onProgress });
  return message;
}

export function createLocationMessage(
  options: CreateLocationMessageOptions,
  sender: Sender,
  entropy: MessageEntropy = defaultEntropy,
): Message {
  const { description, longitude, latitude } = options.payload ?? {};
  if (typeof description !== 'string') throw invalidParams('payload.description must be a string');
  if (!inRange(longitude, 180)) throw invalidParams('payload.longitude must be a number from -180 to 180');
  if (!inRange(latitude, 90)) throw invalidParams('payload.latitude must be a number from -90 to 90');
  return createOutgoingMessage(
    { type: TYPES.MSG_LOCATION, payload: { description, longitude, latitude } },
    options,
    sender,
    entropy,
  );
}

export function createFaceMessage(
  options: CreateFaceMessageOptions,
  sender: Sender,
  entropy: MessageEntropy = defaultEntropy,
): Message {
  const { index, data } = options.payload ?? {};
  if (!Number.isInteger(index) || index < 0) throw invalidParams('payload.index must be a whole number ≥ 0');
  if (typeof data !== 'string') throw invalidParams('payload.data must be a string');
  return createOutgoingMessage({ type: TYPES.MSG_FACE, payload: { index, data } }, options, sender, entropy);
}

export function createCustomMessage(
  options: CreateCustomMessageOptions,
  sender: Sender,
  entropy: MessageEntropy = defaultEntropy,
): Message {
  const payload = options.payload ?? {};
  for (const field of ['data', 'description', 'extension'] as const) {
    if (payload[field] !== undefined && typeof payload[field] !== 'string') {
      throw invalidParams(`payload.${field} must be a string`);
    }
  }
  return createOutgoingMessage(
    {
      type: TYPES.MSG_CUSTOM,
      payload: { data: payload.data ?? '', description: payload.description ?? '', extension: payload.extension ?? '' },
    },
    options,
    sender,
    entropy,
  );
}

/** A file-bearing message starts at progress 0; it reaches 1 when its upload completes. */
function createFileBearing(
  content: MessageContent,
  options: CreateMessageOptions<unknown>,
  sender: Sender,
  entropy: MessageEntropy,
): Message {
  const message = createOutgoingMessage(content, options, sender, entropy);
  message.progress = 0;
  return message;
}

function requireFile(value: unknown): UploadSource {
  if (typeof HTMLInputElement === 'function' && value instanceof HTMLInputElement) {
    return requireFile(value.files?.[0]);
  }
  if (!isUploadSource(value)) {
    throw invalidParams(
      'payload.file must be a File, a Blob, an <input type="file"> with a file, or an object with size and stream()',
    );
  }
  return value;
}

function optionalSeconds(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw invalidParams(`payload.${name} must be a number of seconds ≥ 0`);
  }
  return Math.round(value);
}

/** A blob: URL for the sender's own bubble while the image uploads (browser only). */
function previewURL(file: UploadSource): string | null {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return null;
  return file instanceof Blob ? URL.createObjectURL(file) : null;
}

function inRange(value: unknown, limit: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= -limit && value <= limit;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
