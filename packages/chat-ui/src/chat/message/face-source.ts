/**
 * Where a big face's picture comes from: (group index, sticker name) → URL. The composer's sticker
 * sets register their lookup here, so the renderer shows the same pictures the picker offers; a
 * host may register its own sets too.
 */
export type FaceSource = (index: number, data: string) => string | undefined;

export const faceSources: FaceSource[] = [];

/** The first registered picture for this sticker, if any. */
export function bigFaceSource(index: number, data: string): string | undefined {
  for (const source of faceSources) {
    const src = source(index, data);
    if (src) return src;
  }
  return undefined;
}
