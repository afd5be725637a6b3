// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import type { ChatSDK, Message } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendText, wholeHistory } from '../../../../../apps/server/src/integration/harness';
import { ChatKit } from '../../shell/ChatKit';
import { renderInKit } from '../../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { locateInChat } from './locate';

// jsdom has no media queries; these tests set the layout with isH5.
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

/** Ann, and 100 messages Ben sent her; the one 90 back is where search results point. */
async function farMessage(
  name: string,
): Promise<{ ann: ChatSDK; ben: ChatSDK; target: Message; conversationID: string }> {
  const ann = await server.connect(`${name}-ann`);
  const ben = await server.connect(`${name}-ben`);
  for (let i = 1; i <= 100; i++) await sendText(ben, `${name}-ann`, `${name} message ${i}`);
  const history = await wholeHistory(ben, `C2C${name}-ann`);
  return { ann, ben, target: history[9] as Message, conversationID: `C2C${name}-ben` };
}

/** The message list's row showing this text (the conversation list may show it too). */
function rowWith(text: string): HTMLElement | null {
  const list = document.querySelector<HTMLElement>('.lc-message-list');
  return (list && within(list).queryByText(text)?.closest<HTMLElement>('[data-message-id]')) ?? null;
}

describe('locateInChat', () => {
  for (const isH5 of [false, true]) {
    it(`opens the conversation at the message, blinks it and focuses its row (${isH5 ? 'phone' : 'desktop'})`, async () => {
      const { ann, target, conversationID } = await farMessage(isH5 ? 'loc-h5' : 'loc-desk');
      renderInKit(ann, <ChatKit chat={ann} language="en" isH5={isH5} />, { isH5 });
      await screen.findByRole('tab', { name: 'Contacts' });

      act(() => locateInChat(ann, { conversationID, messageID: target.ID, sequence: target.sequence }));

      const text = target.type === 'TIMTextElem' ? target.payload.text : '';
      await waitFor(() => expect(rowWith(text)?.classList.contains('lc-row--blink')).toBe(true), { timeout: 10_000 });
      await waitFor(() => expect(document.activeElement).toBe(rowWith(text)));
      // Only the pages around it: the newest messages are not loaded.
      expect(rowWith(`${isH5 ? 'loc-h5' : 'loc-desk'} message 100`)).toBeNull();
      expect(screen.getByRole('button', { name: 'Back to latest' })).toBeTruthy();
    });
  }

  it('counts messages arriving meanwhile on the button, which brings back the latest', async () => {
    const { ann, ben, target, conversationID } = await farMessage('loc-live');
    renderInKit(ann, <ChatKit chat={ann} language="en" isH5={false} />);
    await screen.findByRole('tab', { name: 'Contacts' });
    act(() => locateInChat(ann, { conversationID, messageID: target.ID, sequence: target.sequence }));
    const text = target.type === 'TIMTextElem' ? target.payload.text : '';
    await waitFor(() => expect(rowWith(text)).not.toBeNull(), { timeout: 10_000 });

    await act(() => sendText(ben, 'loc-live-ann', 'just arrived'));
    const button = await screen.findByRole('button', { name: '1 new message' });
    expect(rowWith('just arrived')).toBeNull();

    fireEvent.click(button);
    await waitFor(() => expect(rowWith('just arrived')).not.toBeNull(), { timeout: 10_000 });
    expect(rowWith('loc-live message 100')).not.toBeNull();
    expect(rowWith(text)).toBeNull();
  });
});
