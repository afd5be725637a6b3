/**
 * Files put into the composer (picked, pasted or dropped) and how each is sent (spec chat.md §4
 * "Send flow", §5 "Composer").
 */
export type AttachmentKind = 'image' | 'video' | 'file';

/** Formats the image button offers and sends as images (spec §5): gif, jpeg, jpg, png, bmp, webp. */
export const IMAGE_ACCEPT = 'image/gif,image/jpeg,image/jpg,image/png,image/bmp,image/webp';
/** The video button takes any video. */
export const VIDEO_ACCEPT = 'video/*';

const IMAGE_TYPES: ReadonlySet<string> = new Set(IMAGE_ACCEPT.split(','));

/**
 * How a file is sent: an image of a supported format as an image; a file whose MIME type contains
 * 'video' as a video; anything else (an SVG or TIFF picture included) as a plain file.
 */
export function attachmentKind(file: { type: string }): AttachmentKind {
  const type = file.type.toLowerCase();
  if (IMAGE_TYPES.has(type)) return 'image';
  if (type.includes('video')) return 'video';
  return 'file';
}

const SEND_ORDER: Record<AttachmentKind, number> = { image: 0, video: 1, file: 2 };

/** Attachments in the order the send flow sends them: images, then videos, then files; stable within each. */
export function inSendOrder<T extends { type: string }>(files: readonly T[]): T[] {
  return files
    .map((file, index) => ({ file, index }))
    .sort((a, b) => SEND_ORDER[attachmentKind(a.file)] - SEND_ORDER[attachmentKind(b.file)] || a.index - b.index)
    .map(({ file }) => file);
}

/** Width a file chip's name may take: about 16 units, a non-ASCII character counting double (spec §5). */
export const FILE_NAME_MAX_UNITS = 16;

/** The name as a file chip shows it: cut once it passes the width, with an ellipsis. */
export function truncateFileName(name: string, maxUnits = FILE_NAME_MAX_UNITS): string {
  let units = 0;
  let end = 0;
  for (const char of name) {
    units += (char.codePointAt(0) ?? 0) > 0x7f ? 2 : 1;
    if (units > maxUnits) return `${name.slice(0, end)}…`;
    end += char.length;
  }
  return name;
}

/** A size in bytes for a file chip: B, KB or MB with one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
