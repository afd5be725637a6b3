import { CALLER_NOT_IN_GROUP_MESSAGE } from '@liaison/protocol';
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
    expect(toastText({ code: 10006, message: 'Too many requests', wasOffline: false }, t)).toBe('Too many requests');
    expect(toastText({ code: null, message: 'boom', wasOffline: false }, t)).toBe('boom');
  });

  it('has texts for the friend and blocklist codes, 20007 for a send to someone who blocked the sender', () => {
    for (const language of KIT_LANGUAGES) {
      const t = translator(language);
      const codes = [20007, 20009, 30515, 30516, 30525, 30539, 60070, 10021];
      const texts = codes.map((code) => toastText({ code, message: 'RAW', wasOffline: false }, t));
      for (const text of texts) expect(text).not.toMatch(/^RAW$|^error\d+$/);
      expect(new Set(texts).size).toBe(codes.length);
    }
    expect(toastText({ code: 20007, message: '', wasOffline: false }, translator('zh-CN'))).toBe(
      '您已被对方拉黑，禁止发送消息',
    );
  });

  it('has texts for the group administration codes, 10017 the spec’s mute text', () => {
    for (const language of KIT_LANGUAGES) {
      const t = translator(language);
      const codes = [10007, 10009, 10014, 10017, 10022, 10024];
      const texts = codes.map((code) => toastText({ code, message: 'RAW', wasOffline: false }, t));
      for (const text of texts) expect(text).not.toMatch(/^RAW$|^error\d+$/);
      expect(new Set(texts).size).toBe(codes.length);
    }
    expect(toastText({ code: 10017, message: '', wasOffline: false }, translator('en'))).toBe(
      'You have been muted by the admin',
    );
  });

  it('puts the failed action before the reason, and shows a success as it is', () => {
    const t = translator('zh-CN');
    expect(toastText({ code: 30516, message: '', wasOffline: false, action: '申请发送失败' }, t)).toBe(
      '申请发送失败：对方设置了禁止加好友',
    );
    expect(toastText({ kind: 'success', code: null, message: '申请已发送', wasOffline: false }, t)).toBe('申请已发送');
  });

  it('says "Network exception…" for anything that failed while offline', () => {
    const t = translator('zh-CN');
    expect(toastText({ code: 2801, message: 'Request timed out', wasOffline: true }, t)).toBe(
      '网络异常，请检查网络设置',
    );
  });

  it('names the user themself when a group refuses them as a non-member, and the member otherwise', () => {
    const zh = translator('zh-CN');
    const self = { code: ErrorCode.GROUP_NOT_MEMBER, message: CALLER_NOT_IN_GROUP_MESSAGE, wasOffline: false };
    expect(toastText(self, zh)).toBe('你已不在该群组中');
    expect(toastText(self, translator('en'))).toBe('You are no longer in this group');
    expect(toastText({ ...self, message: 'The user is not in the group' }, zh)).toBe('该用户不在群组内');
  });
});
