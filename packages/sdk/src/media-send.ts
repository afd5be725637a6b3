import { ErrorCode, type FileUploadResult, LiaisonError, Limits, type UploadKind } from '@liaison/protocol';
import { canProbeMedia, probeAudioSeconds, probeVideo } from './media-probe';
import type { Message } from './message-types';
import { setSendContent } from './send-content';
import { sourceName, sourceType, type UploadContext, type UploadSource, uploadFile } from './uploads';

/** The files of an outgoing message, kept beside it until it is sent. */
export interface MediaFiles {
  /** The message's file, then (video) its snapshot when one was given. */
  files: Array<{ source: UploadSource; kind: UploadKind }>;
  // biome-ignore lint/complexity/noBannedTypes: Tencent's declared type for onProgress (media-messages.ts).
  onProgress?: ((progress: number) => void) | Function | undefined;
  /** A duration the caller gave (audio `second`, video `videoSecond`); measured in a browser otherwise. */
  seconds?: number | undefined;
}

interface PendingMedia extends MediaFiles {
  /** Uploads that completed, by index in `files`: a resend after a failure does not repeat them. */
  results: Array<FileUploadResult | undefined>;
  /** The upload in progress, to cancel it. */
  controller: AbortController | null;
  /** A local preview URL (blob:) to release once the server's URLs replace it. */
  localURL: string | null;
}

const pending = new WeakMap<Message, PendingMedia>();

/** Remembers the files a create*Message call was given. */
export function attachMedia(message: Message, media: MediaFiles, localURL: string | null = null): void {
  pending.set(message, { ...media, files: [...media.files], results: [], controller: null, localURL });
}

export function hasMedia(message: Message): boolean {
  return pending.has(message);
}

/**
 * Before a file-bearing message is sent: the local checks (empty 7004, over 100 MB 7005, an image
 * picker's formats 4004), then each file uploaded (skipping those a failed attempt had already
 * uploaded), `message.progress` and onProgress moving from 0 to exactly 1, and the send content
 * set to name the uploaded files. Nothing to do for other messages.
 */
export async function uploadMedia(message: Message, context: UploadContext): Promise<void> {
  const media = pending.get(message);
  if (!media) return;
  for (const file of media.files) checkFile(file.source, file.kind);
  // One controller for the whole preparation, so a cancel while measuring or asking for a grant counts too.
  const controller = new AbortController();
  media.controller = controller;
  try {
    await measure(message, media);
    throwIfCancelled(controller.signal);
    showSeconds(message, media.seconds);
    const total = media.files.reduce((sum, file) => sum + file.source.size, 0);
    const report = progressReporter(message, media, total);
    let done = 0;
    for (const [index, file] of media.files.entries()) {
      if (!media.results[index]) {
        media.results[index] = await uploadFile(context, {
          kind: file.kind,
          source: file.source,
          signal: controller.signal,
          onProgress: (loaded) => report(done + loaded),
        });
      }
      done += file.source.size;
    }
    report(total);
  } finally {
    media.controller = null;
  }
  setSendContent(message, contentFor(message, media));
}

/** Aborts the message's upload in progress (its send rejects with UPLOAD_CANCELLED); false if none. */
export function cancelUpload(message: Message): boolean {
  const controller = pending.get(message)?.controller;
  if (!controller) return false;
  controller.abort();
  return true;
}

/** The message was stored: its files are no longer needed here. */
export function releaseMedia(message: Message): void {
  const media = pending.get(message);
  if (!media) return;
  if (media.localURL !== null) URL.revokeObjectURL(media.localURL);
  pending.delete(message);
}

/** Image formats the reference's image picker accepts, by MIME type and by file extension. */
const IMAGE_MIME_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/bmp', 'image/webp']);
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp']);

/** The local checks, in the order the reference makes them; the server checks again by content. */
export function checkFile(source: UploadSource, kind: UploadKind): void {
  if (source.size === 0) throw new LiaisonError(ErrorCode.FILE_NOT_FOUND, 'The file is empty');
  if (source.size > Limits.FILE_MAX_BYTES) throw new LiaisonError(ErrorCode.FILE_TOO_LARGE);
  if (kind === 'image' && !looksLikeImage(source)) throw new LiaisonError(ErrorCode.IMAGE_INVALID_FORMAT);
}

/** payload.imageFormat as far as the name and MIME type tell (the server's answer replaces it). */
export function guessImageFormat(source: UploadSource): 1 | 2 | 3 | 4 | 255 {
  const hint = `${sourceType(source)} ${extensionOf(source)}`;
  if (/jpe?g/.test(hint)) return 1;
  if (/gif/.test(hint)) return 2;
  if (/png/.test(hint)) return 3;
  if (/bmp/.test(hint)) return 4;
  return 255;
}

function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new LiaisonError(ErrorCode.UPLOAD_CANCELLED);
}

function looksLikeImage(source: UploadSource): boolean {
  const type = sourceType(source);
  if (type !== '' && type !== 'application/octet-stream') return IMAGE_MIME_TYPES.has(type);
  const extension = extensionOf(source);
  // Neither a type nor a name (a canvas blob, a stream): the server decides by content.
  return extension === '' || IMAGE_EXTENSIONS.has(extension);
}

function extensionOf(source: UploadSource): string {
  const name = sourceName(source);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Durations and the video snapshot, measured by the browser when the caller gave none. */
async function measure(message: Message, media: PendingMedia): Promise<void> {
  const main = media.files[0]?.source;
  if (!main || !canProbeMedia() || !(main instanceof Blob)) return;
  if (message.type === 'TIMVideoFileElem') {
    const needsSnapshot = media.files.length < 2;
    if (!needsSnapshot && media.seconds !== undefined) return;
    const probe = await probeVideo(main);
    media.seconds ??= probe.second;
    if (needsSnapshot && probe.snapshot) {
      media.files.push({ source: snapshotFile(probe.snapshot, sourceName(main)), kind: 'snapshot' });
    }
  } else if (message.type === 'TIMSoundElem' && media.seconds === undefined) {
    media.seconds = await probeAudioSeconds(main);
  }
}

/** The measured duration shows in the outgoing bubble before the server's answer replaces the payload. */
function showSeconds(message: Message, seconds: number | undefined): void {
  if (seconds === undefined) return;
  if (message.type === 'TIMSoundElem') message.payload.second = Math.round(seconds);
  if (message.type === 'TIMVideoFileElem') message.payload.videoSecond = Math.round(seconds);
}

function snapshotFile(snapshot: Blob, videoName: string): UploadSource {
  const name = `${videoName.replace(/\.[^.]*$/, '')}.jpg`;
  return typeof File === 'function' ? new File([snapshot], name, { type: 'image/jpeg' }) : snapshot;
}

/** Calls onProgress with 0..1, never going back, never repeating a value, ending with exactly 1. */
function progressReporter(message: Message, media: PendingMedia, total: number): (loaded: number) => void {
  let last = -1;
  return (loaded) => {
    const progress = total === 0 ? 1 : Math.min(1, Math.max(0, loaded / total));
    if (progress <= last) return;
    last = progress;
    message.progress = progress;
    media.onProgress?.(progress);
  };
}

function contentFor(message: Message, media: PendingMedia): Parameters<typeof setSendContent>[1] {
  const [main, snapshot] = media.results;
  if (!main) throw new LiaisonError(ErrorCode.INTERNAL, 'upload result missing');
  const seconds = Math.max(0, Math.round(media.seconds ?? 0));
  switch (message.type) {
    case 'TIMImageElem':
      return { type: message.type, payload: { uuid: main.uuid } };
    case 'TIMSoundElem':
      return { type: message.type, payload: { uuid: main.uuid, second: Math.min(seconds, Limits.AUDIO_MAX_SECONDS) } };
    case 'TIMVideoFileElem':
      return {
        type: message.type,
        payload: {
          videoUUID: main.uuid,
          videoSecond: seconds,
          ...(snapshot ? { snapshotUUID: snapshot.uuid } : {}),
        },
      };
    case 'TIMFileElem':
      return { type: message.type, payload: { uuid: main.uuid } };
    default:
      throw new LiaisonError(ErrorCode.INVALID_PARAMS, `a ${message.type} message carries no file`);
  }
}
