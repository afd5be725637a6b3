import { describe, expect, it } from 'vitest';
import { actionText } from './action-text';

describe('the action words', () => {
  it('exist in English, simplified and traditional Chinese, with the same keys and placeholders', () => {
    const keys = Object.keys(actionText.en).sort();
    for (const language of ['zh-CN', 'zh-TW'] as const) {
      const words: Record<string, string> = actionText[language];
      expect(Object.keys(words).sort()).toEqual(keys);
      for (const key of keys) {
        const english: string = (actionText.en as Record<string, string>)[key] ?? '';
        const slots = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(slots(words[key] ?? ''), `${language} ${key}`).toEqual(slots(english));
        expect(words[key], `${language} ${key}`).not.toBe('');
      }
    }
  });

  it('say 未选择消息 when nothing is selected to forward, as the spec words it', () => {
    expect(actionText['zh-CN'].noMessagesSelected).toBe('未选择消息');
    expect(actionText.en.revokeTimeLimit).toBe('Withdrawal deadline has passed');
  });
});
