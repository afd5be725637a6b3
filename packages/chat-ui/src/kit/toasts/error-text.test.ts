import { ErrorCode } from '@liaison/sdk';
import { describe, expect, it } from 'vitest';
import { createKitI18n, KIT_LANGUAGES } from '../../i18n';
import type { AwarenessT } from '../../i18n/awareness-text';
import { toastText } from './error-text';

function translator(language: (typeof KIT_LANGUAGES)[number]): AwarenessT {
  const t = createKitI18n(language).getFixedT(language, 'awareness');
  return (key, values) => String(t(key, values ?? {}));
}

/** spec §8: the codes whose toast says something of its own, and the network failure. */
const SPEC_CODES = [3123, 4004, 4005, 7004, 7005, 8001, 80001, 80004, 20016, ErrorCode.REACTION_LIMIT, 2800];

describe('toast text', () => {
  it('has the spec’s text for every known code in en, zh-CN and zh-TW, never the raw message', () => {
    for (const language of KIT_LANGUAGES) {
      const t = translator(language);
      const texts = SPEC_CODES.map((code) => toastText({ code, message: 'RAW', wasOffline: false }, t));
      for (const text of texts) expect(text).not.toMatch(/^RAW$|^error\d+$|^networkException$/);
      expect(new Set(texts).size).toBe(texts.length);
    }
  });

  it('reads the spec’s words in English', () => {
    const t = translator('en');
    expect(toastText({ code: 60045, message: '', wasOffline: false }, t)).toBe(
      'You have reached the max reaction limit',
    );
    expect(toastText({ code: 20016, message: '', wasOffline: false }, t)).toBe('Withdrawal deadline has passed');
    expect(toastText({ code: 2800, message: '', wasOffline: false }, t)).toBe(
      'Network exception, please check the network settings',
    );
  });

  it('shows an unknown code, or no code, as the raw message', () => {
    const t = translator('zh-CN');
    expect(toastText({ code: 10014, message: 'The group is full', wasOffline: false }, t)).toBe('The group is full');
    expect(toastText({ code: null, message: 'boom', wasOffline: false }, t)).toBe('boom');
  });

  it('says "Network exception…" for anything that failed while offline', () => {
    const t = translator('zh-CN');
    expect(toastText({ code: 2801, message: 'Request timed out', wasOffline: true }, t)).toBe(
      '网络异常，请检查网络设置',
    );
  });
});
