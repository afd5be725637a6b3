import { findBigFace } from '../../common/emoji/big-faces';

/**
 * Where a big face's picture comes from: (group index, sticker name) → URL. The composer's sticker
 * sets register their lookup here, so the renderer shows the same pictures the picker offers; a
 * host may register its own sets too.
 */
export type FaceSource = (index: number, data: string) => string | undefined;

/** The kit's own three sets (the reference kit's keys, with or without its '@2x' suffix). */
const kitBigFaces: FaceSource = (index, data) => findBigFace(index, data.replace(/@2x$/, ''))?.src;

export const faceSources: FaceSource[] = [kitBigFaces];

/** The first registered picture for this sticker, if any. */
export function bigFaceSource(index: number, data: string): string | undefined {
  for (const source of faceSources) {
    const src = source(index, data);
    if (src) return src;
  }
  return undefined;
}
