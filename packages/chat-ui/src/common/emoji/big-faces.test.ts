import { describe, expect, it } from 'vitest';
import { BIG_FACE_GROUPS, bigFaceName, findBigFace } from './big-faces';

describe('big faces', () => {
  it('offers groups 1 to 3 with 18, 16 and 17 bundled pictures, each with its own key', () => {
    expect(BIG_FACE_GROUPS.map((g) => [g.groupID, g.faces.length])).toEqual([
      [1, 18],
      [2, 16],
      [3, 17],
    ]);
    const all = BIG_FACE_GROUPS.flatMap((g) => g.faces);
    expect(new Set(all.map((f) => f.src)).size).toBe(51);
    for (const face of all) expect(face.src).toMatch(/^data:image\/svg\+xml|\.svg$/);
    expect(BIG_FACE_GROUPS[0]?.faces[0]?.key).toBe('yz00');
  });

  it('finds a face by its message index and data, and names it in the UI language', () => {
    const face = findBigFace(2, 'ys03');
    expect(face && [bigFaceName(face, 'en'), bigFaceName(face, 'zh-CN'), bigFaceName(face, 'zh-TW')]).toEqual([
      'Banana',
      '香蕉',
      '香蕉',
    ]);
    expect(findBigFace(1, 'ys03')).toBeUndefined();
  });
});
