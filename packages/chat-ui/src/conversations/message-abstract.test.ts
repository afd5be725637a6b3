import { describe, expect, it } from 'vitest';
import { conversationText } from '../i18n/conversation-text';
import { type AbstractSource, messageAbstract } from './message-abstract';

type Key = keyof typeof conversationText.en;
type Language = keyof typeof conversationText;
const translator =
  (language: Language) =>
  (key: Key, options: Record<string, string> = {}) =>
    conversationText[language][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => options[name] ?? '');

function abstract(message: AbstractSource, language: Language = 'en'): string {
  return messageAbstract(message, language, translator(language))
    .map((part) => part.text)
    .join('');
}

const custom = (data: unknown): AbstractSource => ({
  type: 'TIMCustomElem',
  payload: { data: typeof data === 'string' ? data : JSON.stringify(data), description: '', extension: '' },
});

describe('a message abstract in the conversation list', () => {
  it('names emoji in the UI language instead of showing raw [TUIEmoji_…] tags', () => {
    const text = { type: 'TIMTextElem', payload: { text: 'ok [TUIEmoji_Smile][TUIEmoji_Like] [x]' } };
    expect(abstract(text, 'zh-CN')).toBe('ok [微笑][点赞] [x]');
    expect(abstract(text, 'zh-TW')).toBe('ok [微笑][點讚] [x]');
    expect(abstract(text, 'en')).toBe('ok [Smile][Like] [x]');
  });

  it('labels every non-text type in each language', () => {
    const types = [
      'TIMImageElem',
      'TIMSoundElem',
      'TIMVideoFileElem',
      'TIMFileElem',
      'TIMLocationElem',
      'TIMFaceElem',
      'TIMRelayElem',
    ];
    const labels = (language: Language) => types.map((type) => abstract({ type, payload: {} }, language));
    expect(labels('zh-CN')).toEqual(['[图片]', '[语音]', '[视频]', '[文件]', '[位置]', '[动画表情]', '[聊天记录]']);
    expect(labels('en')).toEqual([
      '[Image]',
      '[Voice]',
      '[Video]',
      '[File]',
      '[Location]',
      '[Sticker]',
      '[Chat record]',
    ]);
    expect(labels('zh-TW')).toEqual(['[圖片]', '[語音]', '[影片]', '[檔案]', '[位置]', '[動畫表情]', '[聊天記錄]']);
  });

  it('gives known custom kinds their own label and any other custom content a generic one', () => {
    expect(abstract(custom({ businessID: 'evaluate', version: 1, score: 5, comment: '' }), 'zh-CN')).toBe('[服务评价]');
    expect(abstract(custom({ businessID: 'order', title: 'x' }), 'zh-CN')).toBe('[订单]');
    expect(abstract(custom({ businessID: 'service', title: 'x' }), 'en')).toBe('[Service consultation]');
    expect(abstract(custom({ businessID: 'link', text: '看看这个', link: 'https://x' }), 'zh-CN')).toBe(
      '[链接] 看看这个',
    );
    const call = (callType: number) =>
      custom({ businessID: 1, data: JSON.stringify({ businessID: 'av_call', call_type: callType }) });
    expect(abstract(call(1), 'zh-CN')).toBe('[语音通话]');
    expect(abstract(call(2), 'en')).toBe('[Video call]');
    expect(abstract(custom({ businessID: 'something_else' }), 'zh-CN')).toBe('[自定义消息]');
    const created = custom({ businessID: 'group_create', version: 4, opUser: '张伟', content: '创建群组' });
    expect(abstract(created, 'zh-CN')).toBe('张伟 创建了群聊');
    expect(abstract(created, 'zh-TW')).toBe('张伟 建立了群組');
    expect(abstract(created, 'en')).toBe('张伟 created the group');
    expect(abstract(custom('not json'), 'en')).toBe('[Custom message]');
  });

  it('reads the agreed-cooperation notice as a sentence naming the ability, in each language', () => {
    const agreed = custom({ businessID: 'cooperation', version: 1, requestId: 'r1', productName: '冷链仓储' });
    expect(abstract(agreed, 'zh-CN')).toBe('已同意关于「冷链仓储」的合作申请');
    expect(abstract(agreed, 'zh-TW')).toBe('已同意關於「冷链仓储」的合作申請');
    expect(abstract(agreed, 'en')).toBe('Cooperation request about “冷链仓储” agreed');
    expect(messageAbstract(agreed, 'en', translator('en')).filter((part) => part.isUserText)).toEqual([
      { text: '冷链仓储', isUserText: true },
    ]);
    expect(abstract(custom({ businessID: 'cooperation', productName: '' }), 'zh-CN')).toBe('已同意合作申请');
  });

  it('reads group tips as sentences, names kept apart as user text', () => {
    const tip = (operationType: number) => ({
      type: 'TIMGroupTipElem',
      payload: { operatorID: 'a', operationType, userIDList: ['u1', 'u2'], nickList: ['李娜', ''], memberNum: 3 },
    });
    expect(abstract(tip(1), 'zh-CN')).toBe('李娜、u2 加入了群聊');
    expect(abstract(tip(3), 'en')).toBe('李娜, u2 was removed from the group');
    const parts = messageAbstract(tip(2), 'en', translator('en'));
    expect(parts).toEqual([
      { text: '李娜, u2', isUserText: true },
      { text: ' left the group', isUserText: false },
    ]);
    expect(abstract({ type: 'TIMGroupTipElem', payload: { operationType: 99 } }, 'en')).toBe('[Group notification]');
    const mute = (muteTime: number) => ({
      type: 'TIMGroupTipElem',
      payload: { operationType: 7, userIDList: ['u1'], nickList: ['李娜'], memberList: [{ userID: 'u1', muteTime }] },
    });
    expect(abstract(mute(600), 'zh-CN')).toBe('李娜 被禁言');
    expect(abstract(mute(0), 'en')).toBe('李娜 is no longer muted');
    const muteAll = {
      type: 'TIMGroupTipElem',
      payload: { operationType: 6, newGroupProfile: { muteAllMembers: false } },
    };
    expect(abstract(muteAll, 'zh-TW')).toBe('已關閉全員禁言');
    const transferred = { type: 'TIMGroupTipElem', payload: { operationType: 6, newGroupProfile: { ownerID: 'u2' } } };
    expect(abstract(transferred, 'zh-CN')).toBe('群主已转让');
  });
});
