import { ErrorCode } from '@liaison/protocol';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_DECODES_AT_ONCE, IMAGE_DECODES_WAITING_MAX, processImage } from './images';
import { oneBitBmp } from './test-images';

/** A PNG whose bytes the image thread may take (processImage moves them). */
async function png(width: number, height: number): Promise<Uint8Array> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#38c' } })
    .png()
    .toBuffer();
  return new Uint8Array(bytes);
}

const outcome = (job: Promise<{ width: number; height: number }>) =>
  job.then(
    (image) => `${image.width}×${image.height}`,
    (err: { code?: number }) => err.code,
  );

describe('the image thread', () => {
  it('decodes two images at once, lets eight more wait their turn, and refuses any more with 10006', async () => {
    const asked = IMAGE_DECODES_AT_ONCE + IMAGE_DECODES_WAITING_MAX + 2;
    const pictures = await Promise.all(Array.from({ length: asked }, () => png(1000, 800)));
    const outcomes = await Promise.all(pictures.map((bytes) => outcome(processImage(bytes, 'image/png'))));
    expect(outcomes).toEqual([
      ...Array.from({ length: IMAGE_DECODES_AT_ONCE + IMAGE_DECODES_WAITING_MAX }, () => '1000×800'),
      ErrorCode.OPERATION_RATE_LIMITED,
      ErrorCode.OPERATION_RATE_LIMITED,
    ]);
    // Once they are done, the next is decoded again.
    expect((await processImage(await png(10, 10), 'image/png')).width).toBe(10);
  });

  it('decodes one BMP at a time, so a photo sent meanwhile does not wait behind them', async () => {
    const finished: string[] = [];
    const photo = await png(400, 300);
    const jobs = [
      processImage(oneBitBmp(3000, 3000), 'image/bmp').then(() => finished.push('bmp')),
      processImage(oneBitBmp(3000, 3000), 'image/bmp').then(() => finished.push('bmp')),
      processImage(photo, 'image/png').then(() => finished.push('photo')),
    ];
    await Promise.all(jobs);
    expect(finished).toEqual(['photo', 'bmp', 'bmp']);
  });
});
