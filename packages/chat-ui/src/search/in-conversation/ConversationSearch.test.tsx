// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import type { ChatSDK, Message } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendText } from '../../../../../apps/server/src/integration/harness';
import { mp4, png, wav } from '../../../../../apps/server/src/integration/media-samples';
import { type LocateTarget, onLocate } from '../../chat/locate/locate';
import { ToastHost } from '../../core/toasts/ToastHost';
import { ChatWindow } from '../../shell/ChatWindow';
import { renderInKit } from '../../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { HITS_PAGE } from '../use-search-results';
import { ConversationSearchPanel } from './ConversationSearchPanel';

let server: TestServer;
let ann: ChatSDK;
let ben: ChatSDK;
/** Ben's messages to Ann, in the order sent. */
const sent: Message[] = [];
const CSV = 'part,qty\nA1,200\n';
/** A search on a busy machine (two cores, other suites running) may take more than a second. */
const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  server = await startTestServer();
  ann = await server.connect('cs-ann');
  ben = await server.connect('cs-ben');
  const carl = await server.connect('cs-carl');
  await ben.updateMyProfile({ nick: 'Ben Li' });
  const to = { to: 'cs-ann', conversationType: 'C2C' as const };
  const send = async (message: Message) => {
    sent.push((await ben.sendMessage(message)).data.message);
  };
  await send(ben.createTextMessage({ ...to, payload: { text: '请发报价单给我' } }));
  await send(ben.createTextMessage({ ...to, payload: { text: 'PO-2026-118 的交期是多少' } }));
  await send(
    ben.createFileMessage({ ...to, payload: { file: new File([CSV], '报价单-第47周.csv', { type: 'text/csv' }) } }),
  );
  await send(ben.createImageMessage({ ...to, payload: { file: await png(300, 200) } }));
  await send(
    ben.createVideoMessage({ ...to, payload: { file: mp4(), snapshot: await png(320, 180), videoSecond: 12 } }),
  );
  await send(ben.createFileMessage({ ...to, payload: { file: new File(['notes'], 'meeting-notes.txt') } }));
  await send(
    ben.createLocationMessage({
      ...to,
      payload: { description: '苏州工业园区星湖街328号', longitude: 120.7, latitude: 31.3 },
    }),
  );
  await send(
    ben.createCustomMessage({
      ...to,
      payload: { data: JSON.stringify({ businessID: 'order' }), description: '铝合金报价订单', extension: '' },
    }),
  );
  await send(ben.createAudioMessage({ ...to, payload: { file: wav(1), second: 7 } }));
  await send(ben.createTextMessage({ ...to, payload: { text: '新的报价已更新，v2报价见附件' } }));
  // A second conversation, long enough for three pages.
  for (let i = 1; i <= HITS_PAGE + 5; i++) await sendText(carl, 'cs-ann', `SKU-${i} 库存确认`);
}, 120_000);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await server.close();
});

function openChat(conversationID = 'C2Ccs-ben', options: Parameters<typeof renderInKit>[2] = {}) {
  return renderInKit(
    ann,
    <>
      <ChatWindow conversationID={conversationID} onBack={() => undefined} />
      <ToastHost />
    </>,
    options,
  );
}

async function openPanel(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: 'Search chat history' }, SLOW));
  return screen.getByRole('dialog', { name: 'Search chat history' });
}

function search(panel: HTMLElement, text: string): void {
  const input = within(panel).getByRole('searchbox', { name: 'Search this conversation' });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

const results = (panel: HTMLElement) => within(panel).getByRole('tabpanel');
const items = (panel: HTMLElement) => Array.from(results(panel).querySelectorAll('li'));

describe('the search button', () => {
  it('ends the composer toolbar on desktop, and opens the panel with the focus in its input', async () => {
    openChat();
    const toolbar = await screen.findByRole('toolbar', {}, SLOW);
    const button = within(toolbar).getByRole('button', { name: 'Search chat history' });
    expect(Array.from(toolbar.querySelectorAll('button')).at(-1)).toBe(button);
    button.focus();
    fireEvent.click(button);
    const panel = screen.getByRole('dialog', { name: 'Search chat history' });
    expect(document.activeElement).toBe(within(panel).getByRole('searchbox'));
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('is not offered while MessageSearch is off', async () => {
    openChat('C2Ccs-ben', { features: { MessageSearch: false } });
    await screen.findByRole('toolbar', {}, SLOW);
    expect(screen.queryByRole('button', { name: 'Search chat history' })).toBeNull();
  });

  it('sits in the chat header on phones instead of the toolbar', async () => {
    openChat('C2Ccs-ben', { isH5: true });
    const toolbar = await screen.findByRole('toolbar', {}, SLOW);
    expect(within(toolbar).queryByRole('button', { name: 'Search chat history' })).toBeNull();
    const header = screen.getByRole('heading', { level: 2 }).closest('header') as HTMLElement;
    fireEvent.click(within(header).getByRole('button', { name: 'Search chat history' }));
    expect(screen.getByRole('dialog', { name: 'Search chat history' })).toBeTruthy();
  });
});

describe('the text tab', () => {
  it('asks for a keyword, then lists the texts holding it newest first, with the keyword marked and the sender', async () => {
    openChat();
    const panel = await openPanel();
    expect(within(panel).getByRole('tab', { name: 'Text' }).getAttribute('aria-selected')).toBe('true');
    expect(within(panel).getByRole('status').textContent).toBe(
      'Enter a keyword and press Enter to search the messages',
    );
    search(panel, '报价');
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('2 results'), SLOW);
    expect(items(panel).map((item) => item.querySelector('.lc-csearch__text')?.textContent)).toEqual([
      '新的报价已更新，v2报价见附件',
      '请发报价单给我',
    ]);
    const marks = Array.from(items(panel)[0]?.querySelectorAll('mark') ?? []).map((mark) => mark.textContent);
    expect(marks).toEqual(['报价', '报价']);
    expect(within(items(panel)[0] as HTMLElement).getByText('Ben Li')).toBeTruthy();
  });

  it('says so when nothing matches, and the clear button empties the input', async () => {
    openChat();
    const panel = await openPanel();
    search(panel, '发票');
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('No search results'), SLOW);
    fireEvent.click(within(panel).getByRole('button', { name: 'Clear' }));
    expect((within(panel).getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(within(panel).getByRole('status').textContent).toBe(
      'Enter a keyword and press Enter to search the messages',
    );
  });

  it('pages through a long list by the cursor, without repeats', async () => {
    openChat('C2Ccs-carl');
    const panel = await openPanel();
    search(panel, 'SKU');
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('25 results'), SLOW);
    expect(items(panel)).toHaveLength(HITS_PAGE);
    expect(items(panel)[0]?.textContent).toContain('SKU-25 库存确认');
    fireEvent.click(within(panel).getByRole('button', { name: 'Load more' }));
    await within(panel).findByText('No more results', {}, SLOW);
    const texts = items(panel).map((item) => item.querySelector('.lc-csearch__text')?.textContent);
    expect(texts).toEqual(Array.from({ length: 25 }, (_, i) => `SKU-${25 - i} 库存确认`));
  });
});

describe('the other tabs', () => {
  it('lists the files before anything is typed, with size, and downloads one under its name', async () => {
    openChat();
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('tab', { name: 'File' }));
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('2 results'), SLOW);
    expect(items(panel).map((item) => item.querySelector('.lc-csearch__file-name')?.textContent)).toEqual([
      'meeting-notes.txt',
      '报价单-第47周.csv',
    ]);
    expect(items(panel)[1]?.textContent).toContain('16 B');

    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:saved';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Download 报价单-第47周.csv' }));
    await waitFor(() => expect(clicked).toHaveLength(1), SLOW);
    expect(clicked[0]?.download).toBe('报价单-第47周.csv');
    expect(await saved?.text()).toBe(CSV);

    search(panel, '报价');
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('1 result'), SLOW);
    expect(items(panel)[0]?.querySelector('mark')?.textContent).toBe('报价');
  });

  it('shows pictures and videos as a grid, the video with its length; a picture opens the previewer', async () => {
    openChat();
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('tab', { name: 'Image/Video' }));
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('2 results'), SLOW);
    const cells = within(results(panel)).getAllByRole('listitem');
    expect(cells.map((cell) => cell.querySelector('.lc-csearch__thumb')?.getAttribute('aria-label'))).toEqual([
      'Play video 0:12',
      'View image',
    ]);
    fireEvent.click(within(panel).getByRole('button', { name: 'View image' }));
    const previewer = await screen.findByRole('dialog', { name: 'Image preview' }, SLOW);
    expect(previewer.textContent).toContain('1 / 1');
    fireEvent.keyDown(previewer, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Image preview' })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Play video 0:12' }));
    const player = screen.getByRole('dialog', { name: 'Video' });
    expect(player.querySelector('video')?.getAttribute('src')).toMatch(/\/im\/files\/.+\?token=/);
    fireEvent.keyDown(within(player).getByRole('button', { name: 'Close video' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Video' })).toBeNull();
    // Escape closed the previewer and the player, not the panel.
    expect(screen.getByRole('dialog', { name: 'Search chat history' })).toBeTruthy();
  });

  it('lists locations, custom messages, records and voice messages as information rows', async () => {
    openChat();
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('tab', { name: 'Other' }));
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('3 results'), SLOW);
    expect(items(panel).map((item) => item.querySelector('.lc-csearch__text')?.textContent)).toEqual([
      'Voice message 0:07',
      '[Order] 铝合金报价订单',
      'Location 苏州工业园区星湖街328号',
    ]);
  });
});

describe('moving around', () => {
  it('Locate in chat asks the kit to open the conversation at that message', async () => {
    const located: LocateTarget[] = [];
    const stop = onLocate(ann, (target) => located.push(target));
    try {
      openChat();
      const panel = await openPanel();
      search(panel, '交期');
      await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('1 result'), SLOW);
      fireEvent.click(within(panel).getByRole('button', { name: 'Locate in chat' }));
      const target = sent[1];
      expect(located).toEqual([{ conversationID: 'C2Ccs-ben', messageID: target?.ID, sequence: target?.sequence }]);
      // On desktop the panel stays beside the chat.
      expect(screen.getByRole('dialog', { name: 'Search chat history' })).toBeTruthy();
    } finally {
      stop();
    }
  });

  it('closes on phones after locating', async () => {
    const stop = onLocate(ann, () => undefined);
    try {
      openChat('C2Ccs-ben', { isH5: true });
      const panel = await openPanel();
      fireEvent.click(within(panel).getByRole('tab', { name: 'File' }));
      const [locate] = await within(panel).findAllByRole('button', { name: 'Locate in chat' }, SLOW);
      fireEvent.click(locate as HTMLElement);
      expect(screen.queryByRole('dialog', { name: 'Search chat history' })).toBeNull();
    } finally {
      stop();
    }
  });

  it('moves between tabs with the arrows; Escape closes and gives the focus back to the button', async () => {
    openChat();
    const button = await screen.findByRole('button', { name: 'Search chat history' }, SLOW);
    button.focus();
    fireEvent.click(button);
    const panel = screen.getByRole('dialog', { name: 'Search chat history' });
    const text = within(panel).getByRole('tab', { name: 'Text' });
    text.focus();
    fireEvent.keyDown(text, { key: 'ArrowRight' });
    const file = within(panel).getByRole('tab', { name: 'File' });
    expect(file.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(file);
    fireEvent.keyDown(file, { key: 'End' });
    expect(document.activeElement).toBe(within(panel).getByRole('tab', { name: 'Other' }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Search chat history' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('a failed search says "Message cloud search failed"', async () => {
    renderInKit(
      ann,
      <>
        <ConversationSearchPanel conversationID="GROUPnot-a-member" onClose={() => undefined} />
        <ToastHost />
      </>,
    );
    const panel = screen.getByRole('dialog', { name: 'Search chat history' });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('tab', { name: 'File' }));
    });
    const toast = await screen.findByRole('alert', {}, SLOW);
    expect(toast.querySelector('.lc-toast__text')?.textContent).toBe(
      'Message cloud search failed: The group does not exist',
    );
    expect(within(panel).getByRole('status').textContent).toBe('Message cloud search failed');
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
