import { describe, expect, it } from 'vitest';
import { ErrorCode } from './errors';
import { invalidParamsCode, type OpName, ops } from './ops';
import {
  displayText,
  findUnstorableText,
  hasUnstorableCharacter,
  requestSchemaError,
  stripBidiControls,
  utf8ByteLength,
  withoutBidiControls,
} from './text';

/** A valid body for each op with free text, and the text fields in it (as paths). */
const textFields: Array<{ op: OpName; body: Record<string, unknown>; fields: string[][] }> = [
  {
    op: 'updateMyProfile',
    body: { nick: 'n', avatar: '', selfSignature: 's' },
    fields: [['nick'], ['avatar'], ['selfSignature']],
  },
  {
    op: 'sendMessage',
    body: {
      ID: 'm-1',
      conversationType: 'C2C',
      to: 'bob',
      type: 'TIMTextElem',
      payload: { text: 'hi' },
      clientTime: 1,
      random: 1,
      cloudCustomData: '{}',
    },
    fields: [['payload', 'text'], ['cloudCustomData']],
  },
  { op: 'setConversationDraft', body: { conversationID: 'C2Cbob', draftText: 'd' }, fields: [['draftText']] },
  {
    op: 'createGroup',
    body: { type: 'Public', name: 'g', introduction: 'i', notification: 'n', avatar: '' },
    fields: [['name'], ['introduction'], ['notification'], ['avatar']],
  },
  { op: 'joinGroup', body: { groupID: 'g1', applyMessage: 'please' }, fields: [['applyMessage']] },
];

function withField(body: Record<string, unknown>, path: string[], value: string): Record<string, unknown> {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) return { ...body, [head]: value };
  return { ...body, [head]: withField(body[head] as Record<string, unknown>, rest, value) };
}

function refusal(op: OpName, body: unknown) {
  const parsed = ops[op].request.safeParse(body);
  if (parsed.success) return null;
  return requestSchemaError(
    parsed.error,
    parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    invalidParamsCode(op),
  );
}

describe('free text at the boundary', () => {
  it('accepts every text field of the sample bodies as they are', () => {
    for (const { op, body } of textFields) expect(refusal(op, body)).toBeNull();
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', '\udc00'],
    ['a high surrogate at the end', 'ok\ud83d'],
  ])('refuses %s in every text field with 60008 naming the field', (_what, poison) => {
    for (const { op, body, fields } of textFields) {
      for (const path of fields) {
        const error = refusal(op, withField(body, path, poison));
        expect(error?.code, `${op} ${path.join('.')}`).toBe(ErrorCode.TEXT_INVALID_CHARACTERS);
        expect(error?.message).toContain(path.join('.'));
      }
    }
  });

  it('keeps emoji and other surrogate pairs', () => {
    expect(hasUnstorableCharacter('😀 ok 𝄞')).toBe(false);
    expect(refusal('sendMessage', withField(textFields[1]?.body ?? {}, ['payload', 'text'], '😀'))).toBeNull();
  });

  it('counts byte limits in UTF-8 bytes, not characters', () => {
    expect(utf8ByteLength('a')).toBe(1);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('中')).toBe(3);
    expect(utf8ByteLength('😀')).toBe(4);
    const group = (name: string) => refusal('createGroup', { type: 'Public', name });
    // 30 bytes: ten three-byte characters fit, eleven do not, though both are far under 30 characters.
    expect(group('中'.repeat(10))).toBeNull();
    expect(group('中'.repeat(11))?.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(group('中'.repeat(11))?.message).toContain('name: must be at most 30 bytes');
    expect(group('😀'.repeat(8))?.code).toBe(ErrorCode.INVALID_PARAMS);
    const nick = (value: string) => refusal('updateMyProfile', { nick: value });
    expect(nick('é'.repeat(250))).toBeNull();
    // updateMyProfile refuses it as Tencent's SDK does.
    expect(nick('é'.repeat(251))?.code).toBe(ErrorCode.UPDATE_PROFILE_INVALID_PARAM);
  });

  it('answers other schema failures with 60003 and the detail', () => {
    const error = refusal('createGroup', { type: 'Nope', name: 'g' });
    expect(error?.code).toBe(ErrorCode.INVALID_PARAMS);
    expect(error?.message).toMatch(/^Invalid parameters: type: /);
  });

  it('takes every bidi control out of a name and leaves other text alone', () => {
    const controls = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
    const marks = ['\u200e', '\u200f', '\u061c'];
    for (const c of [...controls, ...marks]) expect(stripBidiControls(`a${c}b`)).toBe('ab');
    expect(stripBidiControls('\u202egnp.exe')).toBe('gnp.exe');
    expect(stripBidiControls('مرحبا שלום 你好 😀 a\u200db')).toBe('مرحبا שלום 你好 😀 a\u200db');
  });

  it('stores a display string without bidi controls, and checks its limits on what is stored', () => {
    const name = displayText({ min: 1, maxBytes: 4 });
    expect(name.parse('ab\u202ecd\u2066')).toBe('abcd');
    expect(name.safeParse('\u202e\u200f').success).toBe(false);
    expect(name.safeParse('abcde').success).toBe(false);
    expect(name.safeParse('a\u0000').success).toBe(false);
  });

  it('takes bidi controls out of every string of a body, and leaves one nested past any schema as it came', () => {
    expect(withoutBidiControls({ a: 'x\u202ey', b: [1, { c: '\u2067z' }], d: null })).toEqual({
      a: 'xy',
      b: [1, { c: 'z' }],
      d: null,
    });
    let deep: unknown = '\u202e';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(() => withoutBidiControls(deep)).not.toThrow();
  });

  it('finds the first unstorable string anywhere in a parsed body', () => {
    expect(findUnstorableText({ a: 'ok', b: [1, { c: 'fine' }] })).toBeNull();
    expect(findUnstorableText({ a: 'ok', b: [1, { c: 'x\u0000' }] })).toBe('b.1.c');
    expect(findUnstorableText('\ud800')).toBe('body');
  });

  it('accepts only C2C<userID> and GROUP<groupID> as conversation IDs', () => {
    const read = (conversationID: string) => refusal('setMessageRead', { conversationID });
    expect(read('C2Cbob')).toBeNull();
    expect(read('GROUP@TGS#abc.1')).toBeNull();
    for (const bad of ['C2C', 'XYZbob', 'C2Cb\u0000b', 'GROUPg\ud800', 'C2Cbob smith']) {
      expect(read(bad)?.code, bad).toBe(ErrorCode.INVALID_PARAMS);
    }
  });
});
