/**
 * A 1-bit BMP of the given size, all one colour: a few hundred kilobytes of file per 4
 * megapixels, 12 MB of decoded pixels. The decompression bomb of the upload tests and bench.
 */
export function oneBitBmp(width: number, height: number): Buffer {
  const paletteBytes = 2 * 4;
  const offset = 54 + paletteBytes;
  const stride = Math.ceil(width / 32) * 4;
  const bmp = Buffer.alloc(offset + stride * height);
  bmp.write('BM', 0, 'latin1');
  bmp.writeUInt32LE(bmp.length, 2);
  bmp.writeUInt32LE(offset, 10);
  bmp.writeUInt32LE(40, 14);
  bmp.writeInt32LE(width, 18);
  bmp.writeInt32LE(height, 22);
  bmp.writeUInt16LE(1, 26);
  bmp.writeUInt16LE(1, 28);
  bmp.writeUInt32LE(2, 46);
  // Palette: black, then white (BGRA).
  bmp.set([255, 255, 255, 0], 58);
  return bmp;
}
