// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import { type ChatSDK, TYPES } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../../apps/server/src/integration/harness';
import { renderInKit } from '../../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { Composer } from './Composer';
import { TYPED_TEXT_CORPUS } from './typed-text-corpus';

let server: TestServer;
let ann: ChatSDK;
let ben: ChatSDK;
const received: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ann = await server.connect('ann');
  ben = await server.connect('ben');
  ben.on(ben.EVENT.MESSAGE_RECEIVED, (event) => {
    for (const message of event.data) if (message.type === TYPES.MSG_TEXT) received.push(message.payload.text);
  });
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

function editor(): Editor {
  const element = screen.getByRole('textbox', { name: 'Message input' }) as HTMLElement & { editor?: Editor };
  if (!element.editor) throw new Error('no editor on the ProseMirror element');
  return element.editor;
}

function type(text: string) {
  act(() => {
    editor().chain().focus().insertContent(text).run();
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
      editor().commands.clearContent(true);
    });
    press();
    type('   ');
    press();
    act(() => {
      editor().commands.clearContent(true);
    });
    expect(await receivedUpToMarker(from, 'marker-1')).toEqual(['marker-1']);
  });

  it('refuses text over 12 KB with the spec message and sends nothing', async () => {
    renderInKit(ann, <Composer conversationID="C2Cben" />);
    const from = received.length;
    type('好'.repeat(4200));
    press();
    expect((await screen.findByRole('alert')).textContent).toBe('Message too long, must not exceed 12K');
    act(() => {
      editor().commands.clearContent(true);
    });
    expect(await receivedUpToMarker(from, 'marker-2')).toEqual(['marker-2']);
  });

  it('inserts a picked emoji, sent as its [TUIEmoji_*] tag', async () => {
    renderInKit(ann, <Composer conversationID="C2Cben" />);
    const from = received.length;
    type('hi ');
    fireEvent.click(screen.getByRole('button', { name: 'Emoji' }));
    fireEvent.click(screen.getByRole('button', { name: 'Smile' }));
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
    editor().commands.clearContent(true);
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
