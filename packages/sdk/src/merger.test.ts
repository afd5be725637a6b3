import { ErrorCode } from '@liaison/protocol';
import { describe, expect, it } from 'vitest';
import type { RequestFunction } from './core/requests';
import {
  createForwardMessage,
  createMergerMessage,
  downloadMergerMessage,
  type MergerLike,
  messageFromRecord,
} from './merger';
import { createTextMessage, fromWire, toSendBody } from './message-model';
import type { Message } from './message-types';
import { wireMessage } from './test-fixtures';

const me = { userID: 'me', nick: 'Me', avatar: '' };
const invalid = expect.objectContaining({ code: ErrorCode.INVALID_PARAMS });

function received(overrides: Partial<Message> & Pick<Message, 'type' | 'payload'>): Message {
  return { ...fromWire(wireMessage({ ID: 'bob-1', sequence: 1 }), 'me'), ...overrides } as Message;
}

const record = {
  title: 'History',
  abstractList: ['bob: m1'],
  compatibleText: 'merged messages',
};

describe('createMergerMessage', () => {
  it('shows the messages locally and sends only references to them', () => {
    const text = received({ type: 'TIMTextElem', payload: { text: 'm1' } });
    const merger = createMergerMessage(
      { to: 'carol', conversationType: 'C2C', payload: { ...record, messageList: [text] } },
      me,
    );
    if (merger.type !== 'TIMRelayElem') throw new Error('not a merger');
    expect(merger.payload.messageList).toEqual([
      {
        ID: 'bob-1',
        from: 'bob',
        nick: '',
        avatar: '',
        time: 1,
        cloudCustomData: '',
        messageBody: [{ type: 'TIMTextElem', payload: { text: 'm1' } }],
      },
    ]);
    expect(toSendBody(merger)).toMatchObject({
      type: 'TIMRelayElem',
      payload: { ...record, messageList: [{ conversationID: 'C2Cbob', ID: 'bob-1' }] },
    });
  });

  it('refuses an empty list, more than 300, unsent messages and group tips', () => {
    const make = (messageList: Message[]) =>
      createMergerMessage({ to: 'carol', conversationType: 'C2C', payload: { ...record, messageList } }, me);
    const text = received({ type: 'TIMTextElem', payload: { text: 'm1' } });
    expect(() => make([])).toThrow(invalid);
    expect(() => make(Array.from({ length: 301 }, () => text))).toThrow(invalid);
    expect(() => make([createTextMessage({ to: 'bob', conversationType: 'C2C', payload: { text: 'x' } }, me)])).toThrow(
      invalid,
    );
    const tip = received({
      type: 'TIMGroupTipElem',
      payload: { operatorID: 'a', operationType: 1, userIDList: [], nickList: [], newGroupProfile: null, memberNum: 2 },
    });
    expect(() => make([tip])).toThrow(invalid);
    expect(() => make(Array.from({ length: 300 }, () => text))).not.toThrow();
  });
});

describe('createForwardMessage', () => {
  it('copies the type and payload and sends files by their uuid', () => {
    const image = received({
      type: 'TIMImageElem',
      payload: { uuid: 'img_1234567890abcdef', imageFormat: 1, imageInfoArray: [] },
      cloudCustomData: '{"a":1}',
    });
    const copy = createForwardMessage({ to: 'carol', conversationType: 'C2C', payload: image }, me);
    expect(copy).toMatchObject({
      type: 'TIMImageElem',
      payload: image.payload,
      to: 'carol',
      from: 'me',
      status: 'unSend',
      progress: 1,
      cloudCustomData: '{"a":1}',
    });
    expect(toSendBody(copy)).toMatchObject({ type: 'TIMImageElem', payload: { uuid: 'img_1234567890abcdef' } });
  });

  it('forwards a merged record by its downloadKey, text as it is, and refuses flagged content', () => {
    const merger = received({ type: 'TIMRelayElem', payload: { ...record, downloadKey: 'key1', messageList: [] } });
    expect(
      toSendBody(createForwardMessage({ to: 'carol', conversationType: 'C2C', payload: merger }, me)),
    ).toMatchObject({
      type: 'TIMRelayElem',
      payload: { ...record, downloadKey: 'key1' },
    });
    const text = received({ type: 'TIMTextElem', payload: { text: 'hi' } });
    expect(toSendBody(createForwardMessage({ to: 'g', conversationType: 'GROUP', payload: text }, me)).payload).toEqual(
      { text: 'hi' },
    );
    expect(() =>
      createForwardMessage({ to: 'carol', conversationType: 'C2C', payload: { ...text, hasRiskContent: true } }, me),
    ).toThrow(invalid);
    expect(() =>
      createForwardMessage({ to: 'carol', conversationType: 'C2C', payload: { ...text, isRevoked: true } }, me),
    ).toThrow(invalid);
  });
});

describe('downloadMergerMessage', () => {
  it('fetches an empty record by its key once and resolves its URLs', async () => {
    let calls = 0;
    const request = (async () => {
      calls += 1;
      return {
        messageList: [
          {
            ID: 'x',
            from: 'bob',
            nick: '',
            avatar: '',
            time: 1,
            cloudCustomData: '',
            messageBody: [
              {
                type: 'TIMFileElem',
                payload: { uuid: 'f', fileName: 'a', fileSize: 1, fileUrl: '/im/files/f', downloadFlag: 2 },
              },
            ],
          },
        ],
      };
    }) as unknown as RequestFunction;
    const merger = received({ type: 'TIMRelayElem', payload: { ...record, downloadKey: 'key1', messageList: [] } });
    if (merger.type !== 'TIMRelayElem') throw new Error('not a merger');
    const context = { request, resolveURL: (path: string) => `http://h${path}?token=t` };
    const opened = await downloadMergerMessage(merger, context);
    expect(opened).toBe(merger);
    expect(opened.payload.messageList[0]?.messageBody[0]?.payload).toMatchObject({
      fileUrl: 'http://h/im/files/f?token=t',
    });
    await downloadMergerMessage(merger, context);
    expect(calls).toBe(1);
  });

  it('refuses another type, or a payload without a downloadKey, with INVALID_PARAMS and asks nobody', async () => {
    const request = (async () => {
      throw new Error('asked');
    }) as unknown as RequestFunction;
    const context = { request, resolveURL: (path: string) => path };
    const text = { type: 'TIMTextElem', payload: { ...record, downloadKey: 'key1', messageList: [] } };
    for (const target of [text, { payload: { text: 'hi' } }, null]) {
      await expect(downloadMergerMessage(target as unknown as MergerLike, context)).rejects.toEqual(invalid);
    }
  });
});

describe('messageFromRecord', () => {
  const record = { ID: 'r-1', from: 'bob', nick: 'Bob', avatar: '', time: 1_700_000_000, cloudCustomData: '' };

  it('shows a record message as a delivered incoming message of its first body', () => {
    const message = messageFromRecord({ ...record, messageBody: [{ type: 'TIMTextElem', payload: { text: 'hi' } }] });
    expect(message).toMatchObject({
      ID: 'r-1',
      from: 'bob',
      nick: 'Bob',
      flow: 'in',
      status: 'success',
      isRevoked: false,
      progress: 1,
      type: 'TIMTextElem',
      payload: { text: 'hi' },
    });
  });

  it('gives a record message without a readable body the unknown type', () => {
    expect(messageFromRecord({ ...record, messageBody: [] }).type).toBe('unknown');
  });
});
