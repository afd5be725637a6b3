import { Worker } from 'node:worker_threads';
import { ErrorCode, LiaisonError, Limits } from '@liaison/protocol';
import { type WorkerCalls, workerCalls } from '../workers/worker-calls';

export interface ImageSize {
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** What the image thread made of an upload. */
export interface ProcessedImage {
  /** Pixel size of the original after EXIF orientation (one frame of an animation). */
  width: number;
  height: number;
  /** The original re-encoded without metadata; null when the upload had none and is kept as is. */
  original: Uint8Array | null;
  /** null when the format can be kept but not resized (some BMPs): the original stands in. */
  large: ImageSize | null;
  small: ImageSize | null;
}

let thread: WorkerCalls | null = null;

/**
 * Checks that `bytes` really are an image of `mime` and makes its large (≤ 720 px) and small
 * (≤ 198 px) sizes, on one image thread for the process (sharp spreads each job over libuv's
 * pool from there). Content the decoder refuses is IMAGE_INVALID_FORMAT. The bytes' memory is
 * moved to the thread, not copied: `bytes` must own its whole ArrayBuffer and is empty afterwards.
 */
export async function processImage(bytes: Uint8Array, mime: string): Promise<ProcessedImage> {
  if (!thread || thread.failure) {
    const worker = new Worker(new URL('./image-worker.mjs', import.meta.url));
    thread = workerCalls(worker, 'the image thread', { refWhileBusy: true });
  }
  try {
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return (await thread.call(
      { bytes, mime, largePx: Limits.IMAGE_LARGE_PX, smallPx: Limits.IMAGE_SMALL_PX },
      whole && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [],
    )) as ProcessedImage;
  } catch (err) {
    if ((err as { code?: string }).code === 'NOT_AN_IMAGE') throw new LiaisonError(ErrorCode.IMAGE_INVALID_FORMAT);
    throw err;
  }
}
