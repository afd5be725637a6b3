import { describe, expect, it } from 'vitest';
import { canSubmitEvaluation, DEFAULT_SCORE, evaluationData, nextScore } from './evaluation';

describe('evaluation', () => {
  it('starts at five stars; a click selects up to that star, and clicking the selected star steps down one', () => {
    expect(DEFAULT_SCORE).toBe(5);
    expect(nextScore(5, 2)).toBe(3);
    expect(nextScore(3, 2)).toBe(2);
    expect(nextScore(2, 4)).toBe(5);
    expect(nextScore(1, 0)).toBe(0);
  });

  it('can be sent with a star or a comment, not with neither', () => {
    expect(canSubmitEvaluation(0, '')).toBe(false);
    expect(canSubmitEvaluation(0, '   ')).toBe(false);
    expect(canSubmitEvaluation(0, '很满意')).toBe(true);
    expect(canSubmitEvaluation(1, '')).toBe(true);
  });

  it('is sent as the evaluate custom data', () => {
    expect(JSON.parse(evaluationData(4, '不错'))).toEqual({
      businessID: 'evaluate',
      version: 1,
      score: 4,
      comment: '不错',
    });
  });
});
