// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import { type ChatSDK, type Message, TYPES } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, sendText } from '../../../../../apps/server/src/integration/harness';
import { ToastHost } from '../../core/toasts/ToastHost';
import { ChatWindow } from '../../shell/ChatWindow';
import { renderInKit } from '../../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { plainEditorOf } from '../composer/editor/plain-editor';
import { insertPlainText } from '../composer/editor/plain-text';
import { MessageList } from '../message-list/MessageList';
import { messageReplyFor, parseMessageReply, withMessageReply } from './message-reply';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

async function pair(prefix: string): Promise<{ ann: ChatSDK; ben: ChatSDK; annID: string; benID: string }> {
  const annID = `${prefix}-ann`;
  const benID = `${prefix}-ben`;
  const [ann, ben] = await Promise.all([server.connect(annID), server.connect(benID)]);
  await Promise.all([ann.updateMyProfile({ nick: 'Ann' }), ben.updateMyProfile({ nick: 'Ben' })]);
  return { ann, ben, annID, benID };
}

/** The element showing `text` as a message (not as a quote of it). */
const bubbleWith = (text: string) => screen.queryAllByText(text).find((element) => element.closest('.lc-bubble'));

const quoteBar = () => screen.queryByRole('region', { name: 'Quoting a message' });

function quoteFromMenu(text: HTMLElement): void {
  fireEvent.contextMenu(text, { clientX: 40, clientY: 300 });
  fireEvent.click(screen.getByRole('menuitem', { name: 'Quote' }));
}

function typeAndSend(text: string): void {
  const element = screen.getByRole('textbox', { name: 'Message input' });
  act(() => {
    const editor = plainEditorOf(element);
    if (!editor) throw new Error('no editor');
    editor.view.focus();
    insertPlainText(editor.view, text);
  });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

/** ben sends a text quoting `original`, as another kit would. */
async function sendQuote(ben: ChatSDK, to: string, original: Message, text: string): Promise<void> {
  const reply = messageReplyFor(original, () => '[?]');
  const message = ben.createTextMessage({
    to,
    conversationType: 'C2C',
    payload: { text },
    cloudCustomData: withMessageReply('', reply),
  });
  await ben.sendMessage(message);
}

describe('quoting a message', () => {
  it('shows a bar above the editor with the sender and abstract; a sticker by its label; the close icon drops it', async () => {
    const { ann, ben, annID, benID } = await pair('qbar');
    await sendText(ben, annID, 'A1 costs 12,800');
    await ben.sendMessage(
      ben.createFaceMessage({ to: annID, conversationType: 'C2C', payload: { index: 1, data: 'yz00' } }),
    );
    renderInKit(ann, <ChatWindow conversationID={`C2C${benID}`} onBack={() => undefined} />);
    quoteFromMenu(await screen.findByText('A1 costs 12,800'));
    expect(quoteBar()?.textContent).toBe('Ben: A1 costs 12,800×');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel quote' }));
    expect(quoteBar()).toBeNull();

    quoteFromMenu(await screen.findByRole('img', { name: 'Sticker' }));
    expect(quoteBar()?.textContent).toBe('Ben: [Sticker]×');
  });

  it('sends the quote with the next text: Ben receives messageReply, the bubble shows "Ben: abstract", the bar clears', async () => {
    const { ann, ben, annID, benID } = await pair('qsend');
    const original = await sendText(ben, annID, 'can you ship on Friday?');
    renderInKit(ann, <ChatWindow conversationID={`C2C${benID}`} onBack={() => undefined} />);
    quoteFromMenu(await screen.findByText('can you ship on Friday?'));
    const arrived = nextEvent<Message[]>(ben, ben.EVENT.MESSAGE_RECEIVED, (list) =>
      list.some((m) => m.type === TYPES.MSG_TEXT && m.payload.text === 'yes, Friday'),
    );
    typeAndSend('yes, Friday');
    const [reply] = await arrived;
    expect(parseMessageReply(reply?.cloudCustomData ?? '')).toEqual({
      messageID: original.ID,
      messageAbstract: 'can you ship on Friday?',
      messageSender: 'Ben',
      messageType: 1,
      messageSequence: original.sequence,
      version: 1,
    });
    await waitFor(() => expect(quoteBar()).toBeNull());
    const row = (await screen.findByText('yes, Friday')).closest('[data-message-id]') as HTMLElement;
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Ben: can you ship on Friday?' })).toBeTruthy());
  });

  it('jumps to a quoted message three pages back, loading the older pages, and makes it blink', async () => {
    const { ann, ben, annID, benID } = await pair('qjump');
    const original = await sendText(ben, annID, 'the very first offer');
    for (let i = 1; i <= 40; i++) await sendText(ben, annID, `filler ${i}`);
    await sendQuote(ben, annID, original, 'about that first offer');
    renderInKit(ann, <MessageList conversationID={`C2C${benID}`} />);
    const quoting = (await screen.findByText('about that first offer')).closest('[data-message-id]') as HTMLElement;
    expect(bubbleWith('the very first offer')).toBeUndefined();
    fireEvent.click(await within(quoting).findByRole('button', { name: 'Ben: the very first offer' }));
    await waitFor(() => expect(bubbleWith('the very first offer')).toBeDefined(), { timeout: 10_000 });
    const row = bubbleWith('the very first offer')?.closest('[data-message-id]') as HTMLElement;
    await waitFor(() => expect(row.classList.contains('lc-row--blink')).toBe(true));
    expect(screen.getByText('filler 1')).toBeTruthy();
  });

  it('reads "Quoted content revoked" once the original is revoked, and warns when the original cannot be found', async () => {
    const { ann, ben, annID, benID } = await pair('qgone');
    const original = await sendText(ben, annID, 'wrong price, sorry');
    await sendQuote(ben, annID, original, 'see above');
    const ghost = { ...original, ID: 'never-sent-message-id' };
    await sendQuote(ben, annID, ghost, 'see the lost one');
    renderInKit(
      ann,
      <>
        <MessageList conversationID={`C2C${benID}`} />
        <ToastHost />
      </>,
    );
    const quoting = (await screen.findByText('see above')).closest('[data-message-id]') as HTMLElement;
    await act(() => ben.revokeMessage(original));
    await waitFor(() => expect(quoting.querySelector('.lc-quote')?.textContent).toBe('Ben: Quoted content revoked'));

    const lost = (await screen.findByText('see the lost one')).closest('[data-message-id]') as HTMLElement;
    fireEvent.click(await within(lost).findByRole('button', { name: 'Ben: wrong price, sorry' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Cannot locate the original message');
  });

  it('keeps the quote when the user opens another conversation and comes back', async () => {
    const { ann, ben, annID, benID } = await pair('qdraft');
    await sendText(ben, annID, 'keep me quoted');
    const view = renderInKit(ann, <ChatWindow conversationID={`C2C${benID}`} onBack={() => undefined} />);
    quoteFromMenu(await screen.findByText('keep me quoted'));
    expect(quoteBar()).not.toBeNull();
    view.rerender(<ChatWindow conversationID="C2Csomeone-else" onBack={() => undefined} />);
    expect(quoteBar()).toBeNull();
    view.rerender(<ChatWindow conversationID={`C2C${benID}`} onBack={() => undefined} />);
    expect(quoteBar()?.textContent).toBe('Ben: keep me quoted×');
  });
});
