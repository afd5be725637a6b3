import type { Message } from '@liaison/sdk';
import type { MessageOf } from '../message/message-of';
import { isUploadDone } from '../message/message-of';

/** One picture in the previewer. */
export interface PreviewImage {
  /** The message it belongs to. */
  id: string;
  /** Shown: the large size (≤ 720 px), else the original. */
  src: string;
  /** Saved: the original. */
  originalSrc: string;
  /** 1 jpg, 2 gif, 3 png, 4 bmp, 255 other (spec §3). */
  imageFormat: number;
}

/** Image formats that may be saved (spec §5 "Image save"): jpg, gif, png, bmp. */
const SAVABLE_FORMATS = new Set([1, 2, 3, 4]);
const EXTENSIONS: Record<number, string> = { 1: 'jpg', 2: 'gif', 3: 'png', 4: 'bmp' };

export function canSaveImage(image: PreviewImage): boolean {
  return SAVABLE_FORMATS.has(image.imageFormat);
}

/** The name a saved picture gets when the server does not say the name it was sent with. */
export function savedImageName(image: PreviewImage): string {
  return `image.${EXTENSIONS[image.imageFormat] ?? 'img'}`;
}

/** An image message as the previewer shows it. */
export function toPreviewImage(message: MessageOf<'TIMImageElem'>): PreviewImage {
  const [original, large] = message.payload.imageInfoArray;
  return {
    id: message.ID,
    src: large?.url || original?.url || '',
    originalSrc: original?.url || large?.url || '',
    imageFormat: message.payload.imageFormat,
  };
}

/** The conversation's pictures the previewer pages through: sent (or uploaded), not flagged, in list order. */
export function previewableImages(messages: readonly Message[]): PreviewImage[] {
  const images: PreviewImage[] = [];
  for (const message of messages) {
    if (message.type !== 'TIMImageElem' || message.hasRiskContent || message.isRevoked) continue;
    if (!isUploadDone(message)) continue;
    images.push(toPreviewImage(message as MessageOf<'TIMImageElem'>));
  }
  return images;
}
