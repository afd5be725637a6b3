import { describe, expect, it } from 'vitest';
import { promptKeywords } from './prompt-keywords';

describe('keywords of a question', () => {
  it.each([
    ['推荐几家做CNC加工的企业', ['cnc', '加工']],
    ['有没有宁波的冷链仓储服务？', ['宁波', '冷链仓储']],
    ['钣金冲压和激光切割哪家好', ['钣金冲压', '激光', '切割']],
    ['Which companies do PCB assembly?', ['companies', 'do', 'pcb', 'assembly']],
  ])('finds the words to search for in "%s"', (prompt, keywords) => {
    expect(promptKeywords(prompt)).toEqual(keywords);
  });

  it('finds none in a greeting and keeps at most the first few', () => {
    expect(promptKeywords('你好，请问一下')).toEqual([]);
    expect(promptKeywords('a1 b2 c3 d4 e5', 3)).toEqual(['a1', 'b2', 'c3']);
  });
});
