import { describe, expect, it } from 'vitest';
import { enabledItems, FEATURE_NAMES, resolveFeatures } from './features';

describe('feature flags', () => {
  it('are all on by default, and the host can turn single ones off', () => {
    const all = resolveFeatures();
    expect(FEATURE_NAMES.every((name) => all[name])).toBe(true);
    const noEmoji = resolveFeatures({ InputEmoji: false });
    expect(noEmoji.InputEmoji).toBe(false);
    expect(noEmoji.InputImage).toBe(true);
  });

  it('hide registered items whose feature is off, and keep items that name none', () => {
    const items = [
      { id: 'copy', feature: 'CopyMessage' as const },
      { id: 'revoke', feature: 'RevokeMessage' as const },
      { id: 'custom' },
    ];
    const shown = enabledItems(items, resolveFeatures({ RevokeMessage: false }));
    expect(shown.map((item) => item.id)).toEqual(['copy', 'custom']);
  });
});
