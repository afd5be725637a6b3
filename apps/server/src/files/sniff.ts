import { ErrorCode, LiaisonError, type UploadKind } from '@liaison/protocol';
import { fileTypeFromBuffer } from 'file-type';

/** Bytes kept from the start of every upload to decide its type (containers name their codecs early). */
export const SNIFF_BYTES = 64 * 1024;

/** What the content says it is; null when no known format matched (plain text, unknown binaries). */
export interface Detected {
  mime: string;
  ext: string;
}

export async function detectType(head: Uint8Array): Promise<Detected | null> {
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  // file-type calls anything starting "MZ" a Windows program; a real MZ header is full of zero
  // bytes, a text that starts with those letters has none.
  if (found?.ext === 'exe' && !head.subarray(2, 64).includes(0)) return null;
  return found ? { mime: found.mime, ext: found.ext } : null;
}

/** The image formats messages carry, with the reference SDK's `imageFormat` numbers. */
export const IMAGE_FORMATS: Readonly<Record<string, number>> = {
  'image/jpeg': 1,
  'image/gif': 2,
  'image/png': 3,
  'image/bmp': 4,
  'image/webp': 255,
};

/**
 * Containers that hold audio as often as video (a browser records voice as audio/webm or
 * audio/mp4): as an 'audio' upload they are served under their audio type.
 */
const AUDIO_CONTAINERS: Readonly<Record<string, string>> = {
  'video/webm': 'audio/webm',
  'video/mp4': 'audio/mp4',
  'video/ogg': 'audio/ogg',
  'video/matroska': 'audio/x-matroska',
  'video/3gpp': 'audio/3gpp',
};

/**
 * The Content-Type the file is stored and served with, decided by the content and the kind it
 * was uploaded as; a kind the content does not fit is refused with that kind's code.
 */
export function contentTypeFor(kind: UploadKind, detected: Detected | null): string {
  const mime = detected?.mime ?? null;
  if (kind === 'image' || kind === 'snapshot') {
    if (mime === null || IMAGE_FORMATS[mime] === undefined) throw new LiaisonError(ErrorCode.IMAGE_INVALID_FORMAT);
    return mime;
  }
  if (kind === 'audio') {
    if (mime?.startsWith('audio/') && mime !== 'audio/midi') return mime;
    const audio = mime ? AUDIO_CONTAINERS[mime] : undefined;
    if (audio) return audio;
    throw new LiaisonError(ErrorCode.MEDIA_INVALID_FORMAT);
  }
  if (kind === 'video') {
    if (mime?.startsWith('video/')) return mime;
    throw new LiaisonError(ErrorCode.MEDIA_INVALID_FORMAT);
  }
  return mime ?? 'application/octet-stream';
}
