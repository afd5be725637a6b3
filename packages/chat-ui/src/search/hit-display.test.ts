import { SearchLimits } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import { hitCountLabel } from './hit-display';

describe('a conversation’s hit count in global search', () => {
  it('reads 99+ from the count where the server stops counting', () => {
    expect(hitCountLabel(1)).toBe('1');
    expect(hitCountLabel(SearchLimits.CONVERSATION_HITS_MAX - 1)).toBe('99');
    expect(hitCountLabel(SearchLimits.CONVERSATION_HITS_MAX)).toBe('99+');
  });
});
