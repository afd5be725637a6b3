import { Worker } from 'node:worker_threads';
import { ErrorCode, LiaisonError, Limits } from '@liaison/protocol';
import { Gate } from '../limits/gate';
import { type WorkerCalls, workerCalls } from '../workers/worker-calls';
import { plainWorkerExecArgv } from '../workers/worker-exec-argv';

/**
 * Decoded pixels an image may have (all frames of an animation together): a 50-megapixel photo
 * passes, a small file that unpacks to gigabytes does not. A BMP is decoded whole in JavaScript
 * (3 bytes a pixel), so its bound is lower: 4096 × 4096. Beyond: 4004 naming the bound.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
export const BMP_MAX_PIXELS = 4096 * 4096;
/**
 * Images decoded at once per process, and how many more may wait their turn; beyond that an
 * upload is refused with 10006 (docs/security.md): three 5 MB 1-bit BMPs decoded together took
 * the RSS from 520 to 906 MB (docs/performance.md). A BMP, slow and large to decode, takes one of
 * the slots at most, so other pictures keep the other.
 */
export const IMAGE_DECODES_AT_ONCE = 2;
export const IMAGE_DECODES_WAITING_MAX = 8;

const decodes = new Gate(IMAGE_DECODES_AT_ONCE);
const bmpDecodes = new Gate(1);

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
  if (decodes.queued + bmpDecodes.queued >= IMAGE_DECODES_WAITING_MAX) {
    throw new LiaisonError(ErrorCode.OPERATION_RATE_LIMITED, 'Too many images are being processed: try again shortly');
  }
  const run = () => decodes.run(() => decode(bytes, mime));
  return mime === 'image/bmp' ? bmpDecodes.run(run) : run();
}

async function decode(bytes: Uint8Array, mime: string): Promise<ProcessedImage> {
  if (!thread || thread.failure) {
    const worker = new Worker(new URL('./image-worker.mjs', import.meta.url), { execArgv: plainWorkerExecArgv() });
    thread = workerCalls(worker, 'the image thread', { refWhileBusy: true });
  }
  try {
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return (await thread.call(
      {
        bytes,
        mime,
        largePx: Limits.IMAGE_LARGE_PX,
        smallPx: Limits.IMAGE_SMALL_PX,
        limits: { maxPixels: IMAGE_MAX_PIXELS, bmpMaxPixels: BMP_MAX_PIXELS },
      },
      whole && bytes.buffer instanceof ArrayBuffer ? [bytes.buffer] : [],
    )) as ProcessedImage;
  } catch (err) {
    const { code } = err as { code?: string };
    if (code === 'NOT_AN_IMAGE') throw new LiaisonError(ErrorCode.IMAGE_INVALID_FORMAT);
    if (code === 'TOO_MANY_PIXELS') {
      const max = mime === 'image/bmp' ? BMP_MAX_PIXELS : IMAGE_MAX_PIXELS;
      throw new LiaisonError(ErrorCode.IMAGE_INVALID_FORMAT, `The image has more than ${max} pixels`);
    }
    throw err;
  }
}
