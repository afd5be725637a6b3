import { describe, expect, it } from 'vitest';
import type { ConversationTextKey } from '../../i18n/conversation-text';
import { imagePayload, makeMessage } from '../message/test-messages';
import {
  messageReplyFor,
  parseMessageReply,
  QUOTE_ABSTRACT_MAX,
  quoteLabelKey,
  withMessageReply,
} from './message-reply';

const label = (key: ConversationTextKey) => `<${key}>`;

describe('messageReply in cloudCustomData (spec §3)', () => {
  it('quotes a text by its words and a picture by its type label, with the sender’s nick', () => {
    const text = makeMessage(
      'TIMTextElem',
      { text: 'see [TUIEmoji_Smile] you' },
      { nick: 'Ben', ID: 'm-1', sequence: 42 },
    );
    expect(messageReplyFor(text, label)).toEqual({
      messageID: 'm-1',
      messageAbstract: 'see [TUIEmoji_Smile] you',
      messageSender: 'Ben',
      messageType: 1,
      messageSequence: 42,
      version: 1,
    });
    const picture = makeMessage('TIMImageElem', imagePayload(10, 10), { nick: '', from: 'ben', ID: 'm-2' });
    expect(messageReplyFor(picture, label)).toMatchObject({
      messageAbstract: '<typeImage>',
      messageSender: 'ben',
      messageType: 3,
    });
  });

  it('cuts a long text to 100 characters, never inside a character', () => {
    const long = makeMessage('TIMTextElem', { text: '😀'.repeat(150) });
    expect([...messageReplyFor(long, label).messageAbstract]).toHaveLength(QUOTE_ABSTRACT_MAX);
  });

  it('reads back what it writes, keeping other fields of cloudCustomData', () => {
    const reply = messageReplyFor(makeMessage('TIMTextElem', { text: 'hi' }, { ID: 'm-3' }), label);
    const data = withMessageReply(JSON.stringify({ keep: true }), reply);
    expect(JSON.parse(data).keep).toBe(true);
    expect(parseMessageReply(data)).toEqual(reply);
  });

  it('accepts a type name where a number is expected, and ignores what is not a quote', () => {
    const named = JSON.stringify({
      messageReply: { messageID: 'x', messageAbstract: 'a', messageSender: 's', messageType: 'TIMSoundElem' },
    });
    expect(parseMessageReply(named)?.messageType).toBe(4);
    expect(parseMessageReply('')).toBeNull();
    expect(parseMessageReply('not json')).toBeNull();
    expect(parseMessageReply(JSON.stringify({ messageReply: { messageAbstract: 'no id' } }))).toBeNull();
    expect(parseMessageReply(JSON.stringify(['messageReply']))).toBeNull();
  });

  it('labels every quoted type as the spec lists them, and anything else as a message', () => {
    expect(
      [
        'TIMImageElem',
        'TIMSoundElem',
        'TIMVideoFileElem',
        'TIMFileElem',
        'TIMCustomElem',
        'TIMFaceElem',
        'TIMRelayElem',
      ].map(quoteLabelKey),
    ).toEqual(['typeImage', 'typeAudio', 'typeVideo', 'typeFile', 'typeCustom', 'typeFace', 'typeMerger']);
    expect(quoteLabelKey('TIMLocationElem')).toBe('typeUnknown');
    expect(quoteLabelKey(0)).toBe('typeUnknown');
    expect(quoteLabelKey(1)).toBeUndefined();
  });
});
