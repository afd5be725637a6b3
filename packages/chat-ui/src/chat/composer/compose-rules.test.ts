import { describe, expect, it } from 'vitest';
import { checkSendable, keyAction } from './compose-rules';

const key = (over: Partial<Parameters<typeof keyAction>[0]> = {}) => ({
  key: 'Enter',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...over,
});

describe('composer keys', () => {
  it('Enter sends', () => {
    expect(keyAction(key())).toBe('send');
  });

  it('Ctrl+Enter, Cmd+Enter and Shift+Enter break the line instead', () => {
    expect(keyAction(key({ ctrlKey: true }))).toBe('lineBreak');
    expect(keyAction(key({ metaKey: true }))).toBe('lineBreak');
    expect(keyAction(key({ shiftKey: true }))).toBe('lineBreak');
  });

  it('Enter during IME composition never sends', () => {
    expect(keyAction(key({ isComposing: true }))).toBe('none');
    expect(keyAction(key({ keyCode: 229 }))).toBe('none');
    expect(keyAction(key(), true)).toBe('none');
  });

  it('other keys are left to the editor', () => {
    expect(keyAction(key({ key: 'a' }))).toBe('none');
  });
});

describe('what may be sent', () => {
  it('refuses empty and whitespace-only text', () => {
    expect(checkSendable('')).toEqual({ ok: false, reason: 'empty' });
    expect(checkSendable(' \n\t ')).toEqual({ ok: false, reason: 'empty' });
  });

  it('refuses text holding a blocked word anywhere, in any letter case, Chinese included', () => {
    expect(checkSendable('报价里有敏感词吗', ['敏感词'])).toEqual({ ok: false, reason: 'blockedWord' });
    expect(checkSendable('Call me at SPAMCO', ['spamco'])).toEqual({ ok: false, reason: 'blockedWord' });
    expect(checkSendable('an ordinary quote', ['spamco', ''])).toEqual({ ok: true, text: 'an ordinary quote' });
  });

  it('refuses text over 12 KB of UTF-8 and accepts text just under it', () => {
    expect(checkSendable('好'.repeat(4100))).toEqual({ ok: false, reason: 'tooLong' });
    expect(checkSendable('a'.repeat(12 * 1024 - 20)).ok).toBe(true);
  });
});
