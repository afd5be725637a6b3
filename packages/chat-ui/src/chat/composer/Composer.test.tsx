// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import { type ChatSDK, type Message, TYPES } from '@liaison/sdk';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../../apps/server/src/integration/harness';
import { resolveFeatures } from '../../core/features';
import { KitProvider } from '../../core/kit-context';
import { createKitI18n } from '../../i18n';
import { renderInKit } from '../../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { Composer } from './Composer';
import { type PlainEditor, plainEditorOf } from './editor/plain-editor';
import { insertPlainText } from './editor/plain-text';
import { TYPED_TEXT_CORPUS } from './typed-text-corpus';

let server: TestServer;
let ann: ChatSDK;
let ben: ChatSDK;
const received: string[] = [];
/** Every message ben receives, of any type, in arrival order. */
const arrived: Message[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ann = await server.connect('ann');
  ben = await server.connect('ben');
  ben.on(ben.EVENT.MESSAGE_RECEIVED, (event) => {
    arrived.push(...event.data);
    for (const message of event.data) if (message.type === TYPES.MSG_TEXT) received.push(message.payload.text);
  });
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

function editor(): PlainEditor {
  const found = plainEditorOf(screen.getByRole('textbox', { name: 'Message input' }));
  if (!found) throw new Error('no editor on the ProseMirror element');
  return found;
}

function type(text: string) {
  act(() => {
    const { view } = editor();
    view.focus();
    insertPlainText(view, text);
  });
}

function press(init: KeyboardEventInit & { keyCode?: number } = {}) {
  fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message input' }), { key: 'Enter', ...init });
}

/** Sends a marker with Enter and returns what ben received since `from`, the marker last. */
async function receivedUpToMarker(from: number, marker: string): Promise<string[]> {
  type(marker);
  press();
  await until(() => received.includes(marker), 5000, marker);
  return received.slice(from);
}

describe('Composer', () => {
  it('sends on Enter and clears; Ctrl+Enter and Shift+Enter break the line instead', async () => {
    renderInKit(ann, <Composer conversationID="C2Cben" />);
    const from = received.length;
    type('line one');
    press({ ctrlKey: true });
    type('line two');
    press({ shiftKey: true });
    type('three');
    expect(received.length).toBe(from);
    press();
    await until(() => received.length > from, 5000, 'the message');
    expect(received.slice(from)).toEqual(['line one\nline two\nthree']);
    expect(editor().isEmpty).toBe(true);
  });

  it('never sends on Enter during IME composition, nor empty or whitespace-only text', async () => {
    renderInKit(ann, <Composer conversationID="C2Cben" />);
    const from = received.length;
    type('ni');
    press({ isComposing: true });
    press({ keyCode: 229 });
    act(() => {
      editor().clear();
    });
    press();
    type('   ');
    press();
    act(() => {
      editor().clear();
    });
    expect(await receivedUpToMarker(from, 'marker-1')).toEqual(['marker-1']);
  });

  it("refuses a text holding a word of the host's blocked-word list (3123), keeps it in the editor and sends nothing", async () => {
    renderInKit(ann, <Composer conversationID="C2Cben" />, { blockedWords: ['Forbidden'] });
    const from = received.length;
    type('this is forbidden talk');
    press();
    expect((await screen.findByRole('alert')).textContent).toBe('The text contains a blocked word (3123)');
    expect(editor().getText()).toBe('this is forbidden talk');
    act(() => {
      editor().clear();
    });
    expect(await receivedUpToMarker(from, 'marker-blocked')).toEqual(['marker-blocked']);
  });

  it('refuses text over 12 KB with the spec message and sends nothing', async () => {
    renderInKit(ann, <Composer conversationID="C2Cben" />);
    const from = received.length;
    type('好'.repeat(4200));
    press();
    expect((await screen.findByRole('alert')).textContent).toBe('Message too long, must not exceed 12K');
    act(() => {
      editor().clear();
    });
    expect(await receivedUpToMarker(from, 'marker-2')).toEqual(['marker-2']);
  });

  it('inserts a picked emoji, sent as its [TUIEmoji_*] tag', async () => {
    renderInKit(ann, <Composer conversationID="C2Cben" />);
    const from = received.length;
    type('hi ');
    fireEvent.click(screen.getByRole('button', { name: 'Emoji' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Smile' }));
    expect(screen.queryByRole('dialog', { name: 'Choose an emoji' })).toBeNull();
    press();
    await until(() => received.length > from, 5000, 'the emoji message');
    expect(received.slice(from)).toEqual(['hi [TUIEmoji_Smile]']);
  });

  it('offers no emoji picker when the host turns InputEmoji off', () => {
    renderInKit(ann, <Composer conversationID="C2Cben" />, { features: { InputEmoji: false } });
    expect(screen.getByRole('textbox', { name: 'Message input' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Emoji' })).toBeNull();
  });

  it('saves unsent text as the draft on leaving and restores then clears it on return', async () => {
    const first = renderInKit(ann, <Composer conversationID="C2Cben" />);
    type('half a [TUIEmoji_Ok] thought');
    first.unmount();
    await until(() => ann.conversationStore.get('C2Cben')?.draftText === 'half a [TUIEmoji_Ok] thought', 5000, 'draft');

    renderInKit(ann, <Composer conversationID="C2Cben" />);
    expect(editor().getText()).toBe('half a [TUIEmoji_Ok] thought');
    expect(screen.getByRole('textbox', { name: 'Message input' }).querySelector('img.lc-emoji')).not.toBeNull();
    await until(() => ann.conversationStore.get('C2Cben')?.draftText === '', 5000, 'draft cleared');
  });
});

/**
 * Types key by key the way ProseMirror handles a keystroke's text: the editor's text-input
 * handlers (where input rules live) see each character first, and only if none claims it is
 * the character inserted. jsdom has no real keyboard input, so this is the keystroke path.
 */
function typeKeys(text: string) {
  act(() => {
    const { view } = editor();
    for (const char of text) {
      const { from, to } = view.state.selection;
      const insert = () => view.state.tr.insertText(char, from, to);
      const handled = view.someProp('handleTextInput', (handle) => handle(view, from, to, char, insert));
      if (!handled) view.dispatch(insert());
    }
  });
}

/** A composer on ben's conversation with nothing in it (an earlier test may have left a draft). */
function renderEmptyComposer() {
  renderInKit(ann, <Composer conversationID="C2Cben" />);
  act(() => {
    editor().clear();
  });
}

describe('the composer sends exactly the text typed', () => {
  it('round-trips markdown-looking text, file names, prices and Chinese byte for byte', async () => {
    renderEmptyComposer();
    const from = received.length;
    for (const text of TYPED_TEXT_CORPUS) {
      typeKeys(text);
      expect(editor().getText()).toBe(text);
      press();
      await until(() => received.length > from + TYPED_TEXT_CORPUS.indexOf(text), 5000, text);
    }
    expect(received.slice(from)).toEqual(TYPED_TEXT_CORPUS);
    expect(
      screen.getByRole('textbox', { name: 'Message input' }).querySelector('strong, em, s, code, u, a'),
    ).toBeNull();
  });

  it('pastes rich HTML as its plain text, spaces, line breaks and emoji tags kept', async () => {
    renderEmptyComposer();
    const from = received.length;
    const clipboard: Record<string, string> = {
      'text/html': '<h1>Title</h1><p><b>bold</b> <img src="https://example.com/x.png"> <a href="x">link</a></p>',
      'text/plain': 'Title\n**bold**  _x_ [TUIEmoji_Smile]',
    };
    act(() => {
      const { view } = editor();
      const event = { clipboardData: { getData: (type: string) => clipboard[type] ?? '', files: [] } };
      view.someProp('handlePaste', (handle) =>
        handle(view, event as unknown as ClipboardEvent, view.state.doc.slice(0)),
      );
    });
    expect(
      screen
        .getByRole('textbox', { name: 'Message input' })
        .querySelector('h1, strong, b, a, img:not(.lc-emoji):not(.ProseMirror-separator)'),
    ).toBeNull();
    press();
    await until(() => received.length > from, 5000, 'the pasted text');
    expect(received.slice(from)).toEqual(['Title\n**bold**  _x_ [TUIEmoji_Smile]']);
  });

  it('clears whitespace-only content on Enter without sending, so no spaces lead the next message', async () => {
    renderEmptyComposer();
    const from = received.length;
    typeKeys('   ');
    press();
    expect(editor().getText()).toBe('');
    typeKeys('next');
    press();
    await until(() => received.length > from, 5000, 'the next message');
    expect(received.slice(from)).toEqual(['next']);
  });
});

/** A 1x1 PNG, as a picture file from the user's disk. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const picture = (name: string) => new File([PNG], name, { type: 'image/png' });
const document_ = (name: string) => new File(['quarterly figures\n'], name, { type: 'text/plain' });

/** Pastes `files` at the caret, as a paste from the clipboard does. */
function paste(files: File[]): void {
  act(() => {
    const { view } = editor();
    const clipboardData = { files, getData: () => '' };
    view.someProp('handlePaste', (handle) =>
      handle(view, { clipboardData } as unknown as ClipboardEvent, view.state.doc.slice(0)),
    );
  });
}

/** Waits for `count` more messages to reach ben after `from`, and answers them. */
async function arrivedAfter(from: number, count: number): Promise<Message[]> {
  await until(() => arrived.length >= from + count, 15_000, `${count} messages`);
  return arrived.slice(from, from + count);
}

const button = (name: string) => screen.getByRole('button', { name });

describe('the composer toolbar', () => {
  it('labels every tool for the keyboard and hides each one its feature flag turns off', () => {
    const tools = [
      'Emoji',
      'Send image',
      'Send file',
      'Send video',
      'Record voice message',
      'Rate the service',
      'Quick replies',
    ];
    const first = renderInKit(ann, <Composer conversationID="C2Cben" />);
    const toolbar = screen.getByRole('toolbar', { name: 'Composer tools' });
    for (const name of tools) expect(button(name).closest('[role="toolbar"]')).toBe(toolbar);
    // spec §5: the image picker takes gif, jpeg, jpg, png, bmp and webp; the file picker anything; the video picker videos.
    const accept = (label: string) =>
      first.container.querySelector(`input[aria-label="${label}"]`)?.getAttribute('accept');
    expect(accept('Send image')?.split(',')).toEqual([
      'image/gif',
      'image/jpeg',
      'image/jpg',
      'image/png',
      'image/bmp',
      'image/webp',
    ]);
    expect(accept('Send file')).toBeNull();
    expect(accept('Send video')).toBe('video/*');
    first.unmount();
    renderInKit(ann, <Composer conversationID="C2Cben" />, {
      features: {
        InputEmoji: false,
        InputImage: false,
        InputFile: false,
        InputVideo: false,
        InputVoice: false,
        InputEvaluation: false,
        InputQuickReplies: false,
      },
    });
    for (const name of tools) expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('names emoji in the UI language and offers the three sticker sets of 18, 16 and 17', async () => {
    renderInKit(ann, <Composer conversationID="C2Cben" />, { language: 'zh-CN' });
    fireEvent.click(button('表情'));
    expect((await screen.findByRole('button', { name: '微笑' })).getAttribute('title')).toBe('微笑');
    const sizes = ['动画表情 1', '动画表情 2', '动画表情 3'].map((tab) => {
      fireEvent.click(screen.getByRole('tab', { name: tab }));
      return screen.getByRole('tabpanel').querySelectorAll('button').length;
    });
    expect(sizes).toEqual([18, 16, 17]);
    expect(screen.queryByRole('tab', { name: '自定义' })).toBeNull();
  });

  it('closes the picker on a click outside it, and on Escape with focus back on its button', async () => {
    renderInKit(ann, <Composer conversationID="C2Cben" />);
    fireEvent.click(button('Emoji'));
    expect(await screen.findByRole('dialog', { name: 'Choose an emoji' })).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('dialog', { name: 'Choose an emoji' })).toBeNull();

    button('Emoji').focus();
    fireEvent.click(button('Emoji'));
    const dialog = screen.getByRole('dialog', { name: 'Choose an emoji' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Choose an emoji' })).toBeNull();
    expect(document.activeElement).toBe(button('Emoji'));
  });

  it("offers the host's custom emoji in their own tab and sends one as a face of its group", async () => {
    const i18n = createKitI18n('en');
    const customEmoji = { baseURL: 'https://emoji.example.com/', keys: ['ok.png', 'wow.png'], groupID: 4 };
    render(
      <I18nextProvider i18n={i18n}>
        <KitProvider value={{ chat: ann, isH5: false, features: resolveFeatures(), customEmoji }}>
          <Composer conversationID="C2Cben" />
        </KitProvider>
      </I18nextProvider>,
    );
    const from = arrived.length;
    fireEvent.click(button('Emoji'));
    fireEvent.click(await screen.findByRole('tab', { name: 'Custom' }));
    expect(button('wow.png').querySelector('img')?.getAttribute('src')).toBe('https://emoji.example.com/wow.png');
    fireEvent.click(button('wow.png'));
    const [face] = await arrivedAfter(from, 1);
    expect(face?.payload).toMatchObject({ index: 4, data: 'wow.png' });
  });

  it('sends a chosen sticker at once as a face message and closes the picker', async () => {
    renderInKit(ann, <Composer conversationID="C2Cben" />);
    const from = arrived.length;
    fireEvent.click(button('Emoji'));
    fireEvent.click(await screen.findByRole('tab', { name: 'Stickers 2' }));
    fireEvent.click(button('Banana'));
    expect(screen.queryByRole('dialog', { name: 'Choose an emoji' })).toBeNull();
    const [face] = await arrivedAfter(from, 1);
    expect(face?.type).toBe(TYPES.MSG_FACE);
    expect(face?.payload).toMatchObject({ index: 2, data: 'ys03' });
  });

  it('sends a quick reply as text with one click', async () => {
    renderInKit(ann, <Composer conversationID="C2Cben" />, { language: 'zh-CN' });
    const from = arrived.length;
    fireEvent.click(button('快捷回复'));
    const phrases = (await screen.findByRole('dialog', { name: '快捷回复' })).querySelectorAll('li button');
    expect(phrases).toHaveLength(9);
    fireEvent.click(button('感谢您的耐心等待！'));
    expect(screen.queryByRole('dialog', { name: '快捷回复' })).toBeNull();
    const [reply] = await arrivedAfter(from, 1);
    expect(reply?.payload).toEqual({ text: '感谢您的耐心等待！' });
  });

  it('sends an evaluation: five stars at first, clicking the selected star steps down one', async () => {
    renderInKit(ann, <Composer conversationID="C2Cben" />);
    const from = arrived.length;
    fireEvent.click(button('Rate the service'));
    expect((await screen.findByRole('button', { name: '5 stars' })).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button('3 stars'));
    fireEvent.click(button('3 stars'));
    expect(button('2 stars').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button('2 stars'));
    fireEvent.click(button('1 star'));
    // No star and no comment: nothing to send.
    expect((button('Submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: '回复很及时' } });
    fireEvent.click(button('Submit'));
    const [evaluation] = await arrivedAfter(from, 1);
    expect(evaluation?.type).toBe(TYPES.MSG_CUSTOM);
    const payload = evaluation?.payload as { data: string; description: string; extension: string };
    expect(JSON.parse(payload.data)).toEqual({ businessID: 'evaluate', version: 1, score: 0, comment: '回复很及时' });
    expect(payload.description).toBe('对本次的服务评价');
    expect(payload.extension).toBe('对本次的服务评价');
  });

  it('sends several picked files one by one in the order picked: pictures as images, the rest as files', async () => {
    const { container } = renderInKit(ann, <Composer conversationID="C2Cben" />);
    const from = arrived.length;
    const input = container.querySelector('input[type="file"][aria-label="Send file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [document_('notes.txt'), picture('one.png'), picture('two.png')] } });
    const messages = await arrivedAfter(from, 3);
    expect(messages.map((m) => m.type)).toEqual([TYPES.MSG_FILE, TYPES.MSG_IMAGE, TYPES.MSG_IMAGE]);
    expect(messages.map((m) => (m.type === TYPES.MSG_FILE ? m.payload.fileName : ''))).toEqual(['notes.txt', '', '']);
  });

  it('puts a pasted picture in the text at the caret, and holds other pasted files as chips sent after it', async () => {
    renderInKit(ann, <Composer conversationID="C2Cben" />);
    act(() => editor().clear());
    const from = arrived.length;
    paste([document_('a-very-long-price-list-2026.txt'), picture('pasted.png')]);
    const chips = screen.getByRole('list', { name: 'Files to send' });
    expect(chips.textContent).toContain('a-very-long-pric…');
    expect(chips.querySelector('img')).toBeNull();
    const textbox = screen.getByRole('textbox', { name: 'Message input' });
    expect(textbox.querySelector('img[alt="pasted.png"]')).not.toBeNull();
    expect(arrived.length).toBe(from);
    type('see attached');
    press();
    const messages = await arrivedAfter(from, 3);
    expect(messages.map((m) => m.type)).toEqual([TYPES.MSG_IMAGE, TYPES.MSG_TEXT, TYPES.MSG_FILE]);
    expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull();
    expect(textbox.querySelector('img')).toBeNull();
  });

  it('sends text, a pasted picture and the text typed after it as three messages in the order composed', async () => {
    renderInKit(ann, <Composer conversationID="C2Cben" />);
    act(() => editor().clear());
    const from = arrived.length;
    type('before the picture');
    paste([picture('drawing.png')]);
    type('after the picture');
    press();
    const messages = await arrivedAfter(from, 3);
    expect(messages.map((m) => (m.type === TYPES.MSG_TEXT ? m.payload.text : m.type))).toEqual([
      'before the picture',
      TYPES.MSG_IMAGE,
      'after the picture',
    ]);
  });
});
