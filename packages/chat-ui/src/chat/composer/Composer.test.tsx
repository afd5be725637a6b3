// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import type { ChatSDK } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../../apps/server/src/integration/harness';
import { renderInKit } from '../../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { Composer } from './Composer';

let server: TestServer;
let ann: ChatSDK;
let ben: ChatSDK;
const received: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ann = await server.connect('ann');
  ben = await server.connect('ben');
  ben.on(ben.EVENT.MESSAGE_RECEIVED, (event) => {
    for (const message of event.data) received.push(message.payload.text);
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
