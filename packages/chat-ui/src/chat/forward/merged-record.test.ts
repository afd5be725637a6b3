import { describe, expect, it } from 'vitest';
import { createKitI18n } from '../../i18n';
import { imagePayload, makeMessage } from '../message/test-messages';
import { MERGED_ABSTRACT_LINES, mergedRecordText } from './merged-record';

const i18n = createKitI18n('zh-CN');
const context = (conversationID: string) => ({
  conversationID,
  myName: '张伟',
  peerName: '李娜',
  language: 'zh-CN',
  text: (key: 'mergedTitleGroup' | 'mergedTitleC2C' | 'mergedCompatibleText', values?: Record<string, string>) =>
    i18n.t(key, { ns: 'action', ...values }),
  label: (key: string) => i18n.t(key, { ns: 'conversation' }),
});

describe('a merged record’s title and lines', () => {
  it('names a one-to-one record after both people and a group record as the group’s history', () => {
    const messages = [makeMessage('TIMTextElem', { text: '报价单' }, { nick: '李娜' })];
    expect(mergedRecordText(messages, context('C2Clina')).title).toBe('张伟和李娜的聊天记录');
    expect(mergedRecordText(messages, context('GROUPg1')).title).toBe('群聊的聊天记录');
  });

  it('writes "sender: abstract" for the first seven messages, media by their label', () => {
    const messages = [
      makeMessage('TIMTextElem', { text: '你好[TUIEmoji_Smile]' }, { nick: '李娜' }),
      makeMessage('TIMImageElem', imagePayload(10, 10), { nick: '', from: 'zhang' }),
      ...Array.from({ length: 8 }, (_, i) => makeMessage('TIMTextElem', { text: `第${i}条` }, { nick: '李娜' })),
    ];
    const { abstractList, compatibleText } = mergedRecordText(messages, context('C2Clina'));
    expect(abstractList).toHaveLength(MERGED_ABSTRACT_LINES);
    expect(abstractList[0]).toBe('李娜: 你好[微笑]');
    expect(abstractList[1]).toBe('zhang: [图片]');
    expect(compatibleText).toContain('聊天记录');
  });
});
