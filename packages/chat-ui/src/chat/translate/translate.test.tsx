// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import { Blob as NodeBlob } from 'node:buffer';
import type { ChatSDK } from '@liaison/sdk';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiaisonServer } from '../../../../../apps/server/src/app';
import {
  type FakeTranscriber,
  type FakeTranslator,
  startFakeTranscriber,
  startFakeTranslator,
} from '../../../../../apps/server/src/im/translation/test-providers';
import { connect, sendText, startServer } from '../../../../../apps/server/src/integration/harness';
import { wav } from '../../../../../apps/server/src/integration/media-samples';
import { nodeForms } from '../../../../../tests/support/dom-for-server-tests';
import { ToastHost } from '../../core/toasts/ToastHost';
import { ChatWindow } from '../../shell/ChatWindow';
import { renderInKit } from '../../test-support/render-in-kit';

let translator: FakeTranslator;
let transcriber: FakeTranscriber;
/** With both providers (a short translation timeout, so a hanging one fails soon). */
let server: LiaisonServer;
/** With neither. */
let bare: LiaisonServer;
/** With both, and both switched off by the operator (the deployment's plan leaves them out). */
let planless: LiaisonServer;
const chats: ChatSDK[] = [];

async function user(on: LiaisonServer, userID: string): Promise<ChatSDK> {
  const chat = await connect(on, userID, { WebSocket });
  chats.push(chat);
  return chat;
}

beforeAll(async () => {
  [translator, transcriber] = await Promise.all([startFakeTranslator(), startFakeTranscriber()]);
  const translation = {
    translateUrl: translator.url,
    translateApiKey: null,
    sttUrl: transcriber.url,
    sttApiKey: null,
    sttModel: 'whisper-1',
    translateTimeoutMs: 1000,
    sttTimeoutMs: 10_000,
  };
  [server, bare, planless] = await Promise.all([
    startServer(undefined, { translation }),
    startServer(),
    startServer(undefined, { translation, abilities: { translation: false, voiceToText: false } }),
  ]);
}, 120_000);
afterEach(cleanup);
afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await Promise.all([server?.close(), bare?.close(), planless?.close(), translator?.close(), transcriber?.close()]);
});

function choose(target: HTMLElement, item: string): void {
  fireEvent.contextMenu(target, { clientX: 40, clientY: 300 });
  fireEvent.click(screen.getByRole('menuitem', { name: item }));
}

const rowOf = (element: HTMLElement) => element.closest<HTMLElement>('[data-message-id]') as HTMLElement;

/**
 * Runs `work` with Node's FormData, File and Blob: the server, in this process, hands the voice file to
 * the speech-to-text provider as multipart form data, which the page's (jsdom's) cannot build.
 * The SDK's upload before it needs the page's, as in a browser.
 */
async function withNodeForms(work: () => Promise<void>): Promise<void> {
  const page = { FormData: globalThis.FormData, File: globalThis.File, Blob: globalThis.Blob };
  Object.assign(globalThis, { ...nodeForms, Blob: NodeBlob });
  try {
    await work();
  } finally {
    Object.assign(globalThis, page);
  }
}

async function sendVoice(from: ChatSDK, to: string): Promise<void> {
  await from.sendMessage(
    from.createAudioMessage({ to, conversationType: 'C2C', payload: { file: wav(1), second: 1 } }),
  );
}

describe('translation and voice to text under the bubble', () => {
  it('translates a text into the kit’s language, emoji kept, with the provider’s footer; the menu then offers to hide it', async () => {
    const ann = await user(server, 'tr-ann');
    const ben = await user(server, 'tr-ben');
    await sendText(ben, 'tr-ann', '早上好[TUIEmoji_Smile]');
    renderInKit(ann, <ChatWindow conversationID="C2Ctr-ben" onBack={() => undefined} />, { language: 'zh-TW' });
    const text = await screen.findByText('早上好');
    choose(text, '翻譯');
    const result = await within(rowOf(text)).findByRole('status', { name: '翻譯' });
    await waitFor(() => expect(result.textContent).toBe('[zh-TW] 早上好由IM提供翻譯支援'));
    expect(within(result).getByRole('img', { name: '[TUIEmoji_Smile]' })).toBeTruthy();
    choose(text, '隱藏翻譯');
    expect(within(rowOf(text)).queryByRole('status', { name: '翻譯' })).toBeNull();
  });

  it('shows "Translating…" until the provider answers, and its failure in the result area', async () => {
    const ann = await user(server, 'trf-ann');
    const ben = await user(server, 'trf-ben');
    await sendText(ben, 'trf-ann', 'please hang on');
    renderInKit(ann, <ChatWindow conversationID="C2Ctrf-ben" onBack={() => undefined} />);
    const text = await screen.findByText('please hang on');
    choose(text, 'Translate');
    const result = await within(rowOf(text)).findByRole('status', { name: 'Translation' });
    expect(result.textContent).toBe('Translating…');
    await waitFor(() => expect(result.classList.contains('lc-result--error')).toBe(true), { timeout: 5000 });
    expect(result.textContent).not.toBe('Translating…');
  });

  it('converts a voice message to text once: hiding and showing it again asks the provider nothing', async () => {
    const ann = await user(server, 'stt-ann');
    const ben = await user(server, 'stt-ben');
    await sendVoice(ben, 'stt-ann');
    renderInKit(ann, <ChatWindow conversationID="C2Cstt-ben" onBack={() => undefined} />);
    const voice = await screen.findByRole('button', { name: /Voice message, 1 seconds/ });
    await withNodeForms(async () => {
      const asked = transcriber.asked.length;
      choose(voice, 'Convert to text');
      const result = await within(rowOf(voice)).findByRole('status', { name: 'Text of the voice message' });
      await waitFor(() => expect(result.textContent).toMatch(/^heard \d+ bytes of .*Conversion provided by IM$/), {
        timeout: 10_000,
      });
      choose(voice, 'Hide text');
      expect(within(rowOf(voice)).queryByRole('status', { name: 'Text of the voice message' })).toBeNull();
      choose(voice, 'Convert to text');
      const again = await within(rowOf(voice)).findByRole('status', { name: 'Text of the voice message' });
      expect(again.textContent).toMatch(/^heard \d+ bytes/);
      expect(transcriber.asked.length).toBe(asked + 1);
    });
  });

  it('asks to enable translation and voice to text when the server has neither', async () => {
    const ann = await user(bare, 'off-ann');
    const ben = await user(bare, 'off-ben');
    await sendText(ben, 'off-ann', 'bonjour');
    await sendVoice(ben, 'off-ann');
    renderInKit(
      ann,
      <>
        <ChatWindow conversationID="C2Coff-ben" onBack={() => undefined} />
        <ToastHost />
      </>,
    );
    const text = await screen.findByText('bonjour');
    choose(text, 'Translate');
    expect((await screen.findByRole('alert')).textContent).toContain('Please enable translation');
    await waitFor(() => expect(within(rowOf(text)).queryByRole('status', { name: 'Translation' })).toBeNull());
    choose(await screen.findByRole('button', { name: /Voice message/ }), 'Convert to text');
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toContain('Please enable voice to text×'),
    );
  });

  it('says the plan leaves translation and voice to text out, in the kit’s language, when the operator switched them off', async () => {
    const ann = await user(planless, 'plan-ann');
    const ben = await user(planless, 'plan-ben');
    await sendText(ben, 'plan-ann', 'bonjour');
    await sendVoice(ben, 'plan-ann');
    renderInKit(
      ann,
      <>
        <ChatWindow conversationID="C2Cplan-ben" onBack={() => undefined} />
        <ToastHost />
      </>,
      { language: 'zh-CN' },
    );
    const text = await screen.findByText('bonjour');
    choose(text, '翻译');
    expect((await screen.findByRole('alert')).textContent).toContain(
      '当前套餐未包含翻译功能，请联系管理员升级套餐并开通',
    );
    expect(translator.asked.some((asked) => asked.q === 'bonjour')).toBe(false);
    choose(await screen.findByRole('button', { name: /^语音消息/ }), '转文字');
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toContainEqual(
        expect.stringContaining('当前套餐未包含语音转文字功能'),
      ),
    );
  });
});
