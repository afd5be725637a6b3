import LiaisonChat, { ErrorCode, type Message } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { type Chat, connect, errorCode, nextEvent, sendText, startServer } from '../../integration/harness';
import { wav } from '../../integration/media-samples';
import { type FakeTranscriber, type FakeTranslator, startFakeTranscriber, startFakeTranslator } from './test-providers';

const { EVENT, TYPES } = LiaisonChat;

let translator: FakeTranslator;
let transcriber: FakeTranscriber;
/** Both providers configured, with short timeouts so the hanging ones fail quickly. */
let server: LiaisonServer;
/** Neither configured. */
let bare: LiaisonServer;
const chats: Chat[] = [];

async function user(on: LiaisonServer, userID: string): Promise<Chat> {
  const chat = await connect(on, userID);
  chats.push(chat);
  return chat;
}

beforeAll(async () => {
  translator = await startFakeTranslator('libre-key');
  transcriber = await startFakeTranscriber();
  server = await startServer(undefined, {
    translation: {
      translateUrl: translator.url,
      translateApiKey: 'libre-key',
      sttUrl: transcriber.url,
      sttApiKey: 'stt-key',
      sttModel: 'whisper-large',
      translateTimeoutMs: 500,
      sttTimeoutMs: 500,
    },
  });
  bare = await startServer();
});

afterAll(async () => {
  await Promise.all(chats.map((c) => c.logout().catch(() => undefined)));
  await Promise.all([server?.close(), bare?.close()]);
  await Promise.all([translator?.close(), transcriber?.close()]);
});

/** alice sends bob a 1-second voice message; both have it as a Message. */
async function voiceMessage(alice: Chat, bob: Chat, bobID: string): Promise<{ sent: Message; received: Message }> {
  const arrived = nextEvent<Message[]>(bob, EVENT.MESSAGE_RECEIVED, (list) =>
    list.some((m) => m.type === TYPES.MSG_AUDIO),
  );
  const message = alice.createAudioMessage({ to: bobID, conversationType: TYPES.CONV_C2C, payload: { file: wav(1) } });
  const { data } = await alice.sendMessage(message);
  const received = (await arrived).find((m) => m.type === TYPES.MSG_AUDIO) as Message;
  return { sent: data.message, received };
}

describe('translateText', () => {
  it('translates every text through the provider, in order, detecting the source when none or "auto" is given', async () => {
    const alice = await user(server, 'tr-alice');
    const { data } = await alice.translateText({
      sourceTextList: ['good morning', 'how are you'],
      targetLanguage: 'zh',
    });
    expect(data.translatedTextList).toEqual(['[zh] good morning', '[zh] how are you']);
    expect(translator.asked.slice(-2)).toEqual(
      expect.arrayContaining([
        { q: 'good morning', source: 'auto', target: 'zh', format: 'text', api_key: 'libre-key' },
      ]),
    );
    await alice.translateText({ sourceTextList: ['bonjour'], sourceLanguage: 'fr', targetLanguage: 'en' });
    expect(translator.asked.at(-1)).toMatchObject({ q: 'bonjour', source: 'fr' });
    await alice.translateText({ sourceTextList: ['hola'], sourceLanguage: 'auto', targetLanguage: 'en' });
    expect(translator.asked.at(-1)).toMatchObject({ q: 'hola', source: 'auto', target: 'en' });
  });

  it('answers 2117 with the provider’s message when it refuses, and when it does not answer in time', async () => {
    const alice = await user(server, 'tr-failing');
    const refused = alice.translateText({ sourceTextList: ['this will fail'], targetLanguage: 'xx' });
    await expect(refused).rejects.toMatchObject({
      code: ErrorCode.TRANSLATE_TEXT_FAIL,
      message: 'Translation failed: HTTP 400: xx is not supported',
    });
    const slow = alice.translateText({ sourceTextList: ['hang here'], targetLanguage: 'en' });
    await expect(slow).rejects.toMatchObject({ code: ErrorCode.TRANSLATE_TEXT_FAIL });
    await expect(slow).rejects.toThrow('no answer within 0.5 s');
  });

  it('answers 60050 "please enable translation" when no provider is configured', async () => {
    const alice = await user(bare, 'tr-bare');
    await expect(alice.translateText({ sourceTextList: ['hello'], targetLanguage: 'zh' })).rejects.toMatchObject({
      code: ErrorCode.TRANSLATION_NOT_ENABLED,
      message: 'please enable translation',
    });
  });

  it('refuses a language that is not a language tag, before asking anyone', async () => {
    const alice = await user(server, 'tr-badlang');
    const asked = translator.asked.length;
    expect(await errorCode(alice.translateText({ sourceTextList: ['hello'], targetLanguage: 'zh; DROP' }))).toBe(
      ErrorCode.INVALID_PARAMS,
    );
    expect(translator.asked.length).toBe(asked);
  });
});

describe('convertVoiceToText', () => {
  it('transcribes a voice message for its receiver and its sender, asking the provider once per message', async () => {
    const alice = await user(server, 'vt-alice');
    const bob = await user(server, 'vt-bob');
    const { sent, received } = await voiceMessage(alice, bob, 'vt-bob');
    const asked = transcriber.asked.length;

    const { data } = await bob.convertVoiceToText({ message: received, language: 'en' });
    expect(data.result).toMatch(/^heard \d+ bytes of voice\.wav$/);
    expect(transcriber.asked.length).toBe(asked + 1);
    const question = transcriber.asked.at(-1);
    expect(question).toMatchObject({ authorization: 'Bearer stt-key', model: 'whisper-large', language: 'en' });
    // The bytes the provider got are the recording that was sent.
    expect(question?.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(question?.bytes.length).toBe(44 + 8000);

    // Cached per message: a second tab, or the sender, costs the provider nothing.
    const again = await bob.convertVoiceToText({ message: received, language: 'en' });
    expect(again.data.result).toBe(data.result);
    expect(transcriber.asked.length).toBe(asked + 1);
    expect((await alice.convertVoiceToText({ message: sent, language: 'en' })).data.result).toBe(data.result);
  });

  it('refuses anything but a voice message with 2119, and messages the caller cannot see with 8003', async () => {
    const alice = await user(server, 'vt-owner');
    const bob = await user(server, 'vt-peer');
    const mallory = await user(server, 'vt-mallory');
    const { sent, received } = await voiceMessage(alice, bob, 'vt-peer');
    const text = await sendText(alice, 'vt-peer', 'not a voice');

    // A text message, sent as if it were audio (the SDK itself refuses non-voice messages locally too).
    expect(await errorCode(alice.convertVoiceToText({ message: text }))).toBe(ErrorCode.UNSUPPORTED_VOICE_FORMAT);
    expect(await errorCode(alice.convertVoiceToText({ message: { ...sent, ID: text.ID } as Message }))).toBe(
      ErrorCode.UNSUPPORTED_VOICE_FORMAT,
    );
    expect(
      await errorCode(bob.convertVoiceToText({ message: { ...received, ID: 'no-such-message' } as Message })),
    ).toBe(ErrorCode.MESSAGE_NOT_FOUND);
    // Mallory names the message in her own chat with alice: it is not there.
    const asMallory = { ...received, conversationID: 'C2Cvt-owner' } as Message;
    expect(await errorCode(mallory.convertVoiceToText({ message: asMallory }))).toBe(ErrorCode.MESSAGE_NOT_FOUND);
    // Nor in a group she is not in.
    await alice.createGroup({ type: TYPES.GRP_WORK, name: 'Voices', groupID: 'vt-group', memberList: [] });
    const inGroup = { ...received, conversationID: 'GROUPvt-group' } as Message;
    expect(await errorCode(mallory.convertVoiceToText({ message: inGroup }))).toBe(ErrorCode.MESSAGE_NOT_FOUND);
  });

  it('answers 2118 with the provider’s message when it fails or does not answer in time, and caches no failure', async () => {
    const alice = await user(server, 'vt-sender');
    const bob = await user(server, 'vt-listener');
    const { received } = await voiceMessage(alice, bob, 'vt-listener');
    transcriber.failNext = true;
    await expect(bob.convertVoiceToText({ message: received })).rejects.toMatchObject({
      code: ErrorCode.VOICE_TO_TEXT_FAIL,
      message: 'Voice to text failed: HTTP 503: the model is overloaded',
    });
    transcriber.hangNext = true;
    const slow = bob.convertVoiceToText({ message: received });
    await expect(slow).rejects.toMatchObject({ code: ErrorCode.VOICE_TO_TEXT_FAIL });
    await expect(slow).rejects.toThrow('no answer within 0.5 s');
    expect((await bob.convertVoiceToText({ message: received })).data.result).toMatch(/^heard /);
  });

  it('answers 60051 "please enable voice to text" when no provider is configured', async () => {
    const alice = await user(bare, 'vt-bare-a');
    const bob = await user(bare, 'vt-bare-b');
    const { received } = await voiceMessage(alice, bob, 'vt-bare-b');
    await expect(bob.convertVoiceToText({ message: received })).rejects.toMatchObject({
      code: ErrorCode.VOICE_TO_TEXT_NOT_ENABLED,
      message: 'please enable voice to text',
    });
  });
});
