import sharp from 'sharp';

/** Small files that are what their names say by content, for tests that send media. */

/** A PNG of one colour (blue unless `background` names another, to tell two pictures apart). */
export async function png(
  width: number,
  height: number,
  name = 'photo.png',
  background: string | { r: number; g: number; b: number } = { r: 20, g: 120, b: 200 },
): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return new File([bytes], name, { type: 'image/png' });
}

/** A PCM WAV (8 kHz, 8 bit) of a 440 Hz tone: audio a browser can play. */
export function wav(seconds: number): File {
  const rate = 8000;
  const samples = rate * seconds;
  const buffer = Buffer.alloc(44 + samples);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate, 28);
  buffer.writeUInt16LE(1, 32);
  buffer.writeUInt16LE(8, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) buffer[44 + i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return new File([buffer], 'voice.wav', { type: 'audio/wav' });
}

/** An MP4 as far as its content goes (an ftyp box and some data); no player can decode it. */
export function mp4(): File {
  const ftyp = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42'), 0, 0, 0, 0, ...Buffer.from('mp42isom')]);
  const mdat = Buffer.concat([Buffer.from([0, 0, 0x04, 0x08]), Buffer.from('mdat'), Buffer.alloc(0x400)]);
  return new File([ftyp, mdat], 'clip.mp4', { type: 'video/mp4' });
}
