// Images are decoded and resized here, off the main thread: a large photo holds a core for a
// good part of a second, which would stall every WebSocket on the gateway meanwhile.
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';

// Every upload is a different image: libvips' operation cache would only hold memory.
sharp.cache(false);

/** Longest side of the large and small sizes (Limits.IMAGE_LARGE_PX / IMAGE_SMALL_PX, passed in). */
const FORMATS = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };
/**
 * Decoded pixels an image may have (every frame of an animation counted), passed in from
 * images.ts: a small file can unpack to gigabytes (a decompression bomb). A BMP is decoded here in
 * JavaScript, whole, at 3 bytes a pixel, and gets a lower bound.
 */
let maxPixels = 0;
let bmpMaxPixels = 0;

parentPort.on('message', async ({ id, bytes, mime, largePx, smallPx, limits }) => {
  ({ maxPixels, bmpMaxPixels } = limits);
  try {
    // A view of the bytes moved here, not a copy.
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const result = await processImage(input, mime, largePx, smallPx);
    const transfer = [result.original, result.large?.bytes, result.small?.bytes].filter((b) => b).map((b) => b.buffer);
    parentPort.postMessage({ id, result }, transfer);
  } catch (err) {
    const code = err?.code === 'NOT_AN_IMAGE' || err?.code === 'TOO_MANY_PIXELS' ? err.code : undefined;
    parentPort.postMessage({ id, error: { message: `image: ${err?.message ?? err}`, code } });
  }
});

/**
 * The sizes of one image: the original (re-encoded without metadata, orientation applied, when it
 * carried EXIF/XMP/IPTC — which is where a camera puts the location), large and small.
 */
async function processImage(input, mime, largePx, smallPx) {
  if (mime === 'image/bmp') return processBmp(input, largePx, smallPx);
  const format = FORMATS[mime];
  const open = () =>
    sharp(input, { animated: true, failOn: 'error', sequentialRead: true, limitInputPixels: maxPixels });
  let meta;
  try {
    // The header only, without the bound: an image past it is told so (4004 naming the bound).
    meta = await sharp(input, { animated: true, failOn: 'error', limitInputPixels: false }).metadata();
  } catch (err) {
    throw notAnImage(err.message);
  }
  if (meta.format !== format && !(format === 'jpeg' && meta.format === 'jpg')) {
    throw notAnImage(`content is ${meta.format}, not ${format}`);
  }
  const pageHeight = meta.pageHeight ?? meta.height;
  if (meta.width * pageHeight * (meta.pages ?? 1) > maxPixels) throw tooManyPixels(maxPixels);
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? pageHeight : meta.width;
  const height = turned ? meta.width : pageHeight;
  const hasMetadata = Boolean(meta.exif || meta.xmp || meta.iptc) || (meta.orientation ?? 1) !== 1;
  const oriented = (pipeline) => ((meta.orientation ?? 1) !== 1 ? pipeline.rotate() : pipeline);
  const encode = (pipeline) =>
    oriented(pipeline).toFormat(format, format === 'jpeg' || format === 'webp' ? { quality: 85 } : {});
  try {
    const original = hasMetadata ? new Uint8Array(await encode(open()).toBuffer()) : null;
    const large = await resized(encode(open()), largePx, width, height);
    // From the large size, upright and without metadata already: one decode of the big original fewer.
    const small = await resized(
      sharp(large.bytes, { animated: true }).toFormat(
        format,
        format === 'jpeg' || format === 'webp' ? { quality: 85 } : {},
      ),
      smallPx,
      large.width,
      large.height,
    );
    return { width, height, original, large, small };
  } catch (err) {
    throw notAnImage(err.message);
  }
}

async function resized(pipeline, px, width, height) {
  const { data, info } = await pipeline
    .resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true })
    .toBuffer({ resolveWithObject: true });
  const scale = Math.min(1, px / Math.max(width, height));
  // info.height of an animated image is every frame's together: report one frame's.
  return {
    bytes: new Uint8Array(data),
    width: info.width,
    height: info.pageHeight ?? Math.max(1, Math.round(height * scale)),
  };
}

/**
 * libvips reads no BMP, so BMP is decoded here (uncompressed 1/4/8/24/32-bit, the kinds Paint and
 * screenshots make). The original is kept as uploaded (BMP has no EXIF); large and small are PNG.
 * A BMP this cannot decode (RLE, 16-bit) is kept without sizes: messages show the original.
 */
async function processBmp(input, largePx, smallPx) {
  const header = bmpHeader(input);
  let raw;
  try {
    raw = decodeBmp(input, header);
  } catch {
    return { width: header.width, height: header.height, original: null, large: null, small: null };
  }
  const open = () => sharp(raw, { raw: { width: header.width, height: header.height, channels: 3 } });
  const large = await resized(open().png(), largePx, header.width, header.height);
  const small = await resized(sharp(large.bytes).png(), smallPx, large.width, large.height);
  return { width: header.width, height: header.height, original: null, large, small };
}

function bmpHeader(b) {
  if (b.length < 54 || b[0] !== 0x42 || b[1] !== 0x4d) throw notAnImage('not a BMP');
  const dibSize = b.readUInt32LE(14);
  if (dibSize < 40) throw notAnImage('BMP core headers are not supported');
  const width = b.readInt32LE(18);
  const rawHeight = b.readInt32LE(22);
  const header = {
    offset: b.readUInt32LE(10),
    dibSize,
    width,
    height: Math.abs(rawHeight),
    topDown: rawHeight < 0,
    bpp: b.readUInt16LE(28),
    compression: b.readUInt32LE(30),
    colors: b.readUInt32LE(46),
  };
  if (width <= 0 || header.height === 0) throw notAnImage('BMP size out of range');
  if (width * header.height > bmpMaxPixels) throw tooManyPixels(bmpMaxPixels);
  return header;
}

/** Raw RGB rows, top to bottom. */
function decodeBmp(b, h) {
  const bitfields32 = h.compression === 3 && h.bpp === 32 && b.readUInt32LE(54) === 0x00ff0000;
  if (h.compression !== 0 && !bitfields32) throw new Error('compressed BMP');
  if (![1, 4, 8, 24, 32].includes(h.bpp)) throw new Error(`${h.bpp}-bit BMP`);
  const stride = Math.ceil((h.width * h.bpp) / 32) * 4;
  if (h.offset + stride * h.height > b.length) throw new Error('truncated BMP');
  const paletteAt = 14 + h.dibSize;
  const out = Buffer.alloc(h.width * h.height * 3);
  for (let y = 0; y < h.height; y++) {
    const row = h.offset + stride * (h.topDown ? y : h.height - 1 - y);
    for (let x = 0; x < h.width; x++) {
      let at;
      if (h.bpp >= 24) at = row + x * (h.bpp / 8);
      else {
        const bit = x * h.bpp;
        const index = (b[row + (bit >> 3)] >> (8 - h.bpp - (bit & 7))) & ((1 << h.bpp) - 1);
        at = paletteAt + index * 4;
        if (at + 3 > b.length) throw new Error('palette index out of range');
      }
      const o = (y * h.width + x) * 3;
      out[o] = b[at + 2];
      out[o + 1] = b[at + 1];
      out[o + 2] = b[at];
    }
  }
  return out;
}

function tooManyPixels(max) {
  return Object.assign(new Error(`more than ${max} pixels`), { code: 'TOO_MANY_PIXELS' });
}

function notAnImage(message) {
  return Object.assign(new Error(message), { code: 'NOT_AN_IMAGE' });
}
