// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import { type ChatSDK, TYPES } from '@liaison/sdk';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, startServer } from '../../../../apps/server/src/integration/harness';
import { type LocateTarget, onLocate } from '../chat/locate/locate';
import { ToastHost } from '../core/toasts/ToastHost';
import { type KitRenderOptions, renderInKit } from '../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { GlobalSearch } from './GlobalSearch';

/**
 * Global search against a real server and the real SDK (spec chat.md §2, §4 "Search"; portal.md §5):
 * results grouped per conversation with counts and marked keywords, a conversation's hits paged
 * with 'Locate in chat', the contacts and groups tabs, the empty state and the failure toast.
 */
// Each search is a round trip to the server, which shares two cores with the rest of the run.
configure({ asyncUtilTimeout: 5_000 });

let server: TestServer;
let me: ChatSDK;
let deskFirst: { ID: string; sequence: number };

beforeAll(async () => {
  server = await startTestServer();
  me = await server.connect('gl-me');
  await me.updateMyProfile({ nick: 'Me' });
  const ann = await server.connect('gl-ann');
  await ann.updateMyProfile({ nick: 'Ann 报价员', allowType: TYPES.ALLOW_TYPE_ALLOW_ANY });
  await me.addFriend({ to: 'gl-ann', source: 'AddSource_Type_Web', remark: 'Ann from sales' });
  const bob = await server.connect('gl-bob');
  await bob.updateMyProfile({ nick: 'Bob' });

  await text(ann, 'gl-me', '请看一下报价单');
  await text(ann, 'gl-me', '交期要再确认');
  await text(me, 'gl-ann', '新的报价 PO-2026-118 已发');
  await text(bob, 'gl-me', '报价 <b>v2</b> 在附件');
  await me.createGroup({
    type: TYPES.GRP_PUBLIC,
    name: 'Steel 报价 desk',
    groupID: 'gl-desk',
    memberList: [{ userID: 'gl-ann' }],
  });
  deskFirst = await text(ann, 'gl-desk', '第1版报价', 'GROUP');
  for (let i = 2; i <= 25; i++) await text(ann, 'gl-desk', `第${i}版报价`, 'GROUP');
  await ann.sendMessage(
    ann.createCustomMessage({
      to: 'gl-me',
      conversationType: 'C2C',
      payload: { data: '{}', description: '订单报价卡片', extension: '' },
    }),
  );
  await me.sendMessage(
    me.createFileMessage({ to: 'gl-bob', conversationType: 'C2C', payload: { file: textFile('报价单-Q3.txt') } }),
  );
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

async function text(chat: ChatSDK, to: string, words: string, conversationType: 'C2C' | 'GROUP' = 'C2C') {
  return (await chat.sendMessage(chat.createTextMessage({ to, conversationType, payload: { text: words } }))).data
    .message;
}

function textFile(name: string) {
  const bytes = new TextEncoder().encode('quotation: 42 tons at 3,950 CNY');
  return {
    name,
    size: bytes.length,
    type: 'text/plain',
    stream: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      }),
  };
}

function renderSearch(chat: ChatSDK, options: KitRenderOptions = {}) {
  const onOpenConversation = vi.fn();
  const onShowContact = vi.fn();
  const view = renderInKit(
    chat,
    <>
      <GlobalSearch onOpenConversation={onOpenConversation} onShowContact={onShowContact} />
      <ToastHost />
    </>,
    options,
  );
  const box = () => screen.getByRole('searchbox');
  const search = (words: string) => {
    fireEvent.change(box(), { target: { value: words } });
    fireEvent.keyDown(box(), { key: 'Enter' });
  };
  const messages = () => within(screen.getByRole('region', { name: 'Chat history' }));
  return { ...view, box, search, messages, onOpenConversation, onShowContact };
}

/** The marked parts of an element's text. */
function marks(element: HTMLElement): string[] {
  return Array.from(element.querySelectorAll('mark'), (mark) => mark.textContent ?? '');
}

describe('global search of messages', () => {
  it('shows the matches grouped per conversation, with counts and the keywords marked', async () => {
    const { search, messages } = renderSearch(me);
    search('报价');
    const desk = await messages().findByRole('button', { name: /Steel 报价 desk/ });
    expect(desk.textContent).toContain('25 related messages');
    const ann = messages().getByRole('button', { name: /Ann/ });
    // Ann's conversation: her text, my reply and her custom card.
    expect(ann.textContent).toContain('3 related messages');
    const bob = messages().getByRole('button', { name: /Bob/ });
    expect(bob.textContent).toContain('2 related messages');
    // Latest match first: the file I sent Bob, then Ann's card, then the desk's texts.
    expect(messages().getAllByRole('button')).toEqual([bob, ann, desk]);
  });

  it('shows a one-match conversation with the message itself, its markup as text', async () => {
    const { search, messages } = renderSearch(me);
    search('v2');
    const bob = await messages().findByRole('button', { name: /Bob/ });
    expect(bob.textContent).toContain('报价 <b>v2</b> 在附件');
    expect(marks(bob)).toEqual(['v2']);
    expect(bob.querySelector('b')).toBeNull();
  });

  it("opens a conversation's hits with a count header, pages them, and locates one in chat", async () => {
    const located: LocateTarget[] = [];
    const stop = onLocate(me, (target) => located.push(target));
    const { search, messages, onOpenConversation } = renderSearch(me);
    search('报价');
    fireEvent.click(await messages().findByRole('button', { name: /Steel 报价 desk/ }));
    const pane = within(await screen.findByRole('region', { name: 'Steel 报价 desk' }));
    await pane.findByRole('heading', { name: '25 related messages in Steel 报价 desk' });
    await waitFor(() => expect(pane.getAllByRole('listitem')).toHaveLength(20));
    const newest = pane.getAllByRole('listitem')[0] as HTMLElement;
    expect(newest.textContent).toContain('第25版报价');
    expect(marks(newest)).toEqual(['报价']);

    fireEvent.click(pane.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(pane.getAllByRole('listitem')).toHaveLength(25));
    const oldest = pane.getAllByRole('listitem')[24] as HTMLElement;
    expect(oldest.textContent).toContain('第1版报价');
    expect(pane.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.click(within(oldest).getByRole('button', { name: 'Locate in chat' }));
    expect(located).toEqual([
      { conversationID: 'GROUPgl-desk', messageID: deskFirst.ID, sequence: deskFirst.sequence },
    ]);
    stop();
    expect(onOpenConversation).not.toHaveBeenCalled();
  });

  it('opens the chat from the hits pane', async () => {
    const { search, messages, onOpenConversation } = renderSearch(me);
    search('交期');
    fireEvent.click(await messages().findByRole('button', { name: /Ann/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enter chat' }));
    expect(onOpenConversation).toHaveBeenCalledWith('C2Cgl-ann');
  });

  it('keeps to the type tab: Text, File and Other', async () => {
    const { search, messages } = renderSearch(me);
    search('报价');
    await messages().findByRole('button', { name: /Bob/ });
    fireEvent.click(screen.getByRole('tab', { name: 'File' }));
    const file = await messages().findByRole('button', { name: /Bob/ });
    expect(file.textContent).toContain('报价单-Q3.txt');
    expect(messages().getAllByRole('button')).toHaveLength(1);

    fireEvent.click(screen.getByRole('tab', { name: 'Other' }));
    const card = await messages().findByRole('button', { name: /Ann/ });
    expect(card.textContent).toContain('订单报价卡片');

    fireEvent.click(screen.getByRole('tab', { name: 'Text' }));
    await waitFor(() =>
      expect(messages().getByRole('button', { name: /Ann/ }).textContent).toContain('2 related messages'),
    );
  });

  it('pages through more conversations than one page holds', async () => {
    const many = await server.connect('gl-many');
    for (let i = 0; i < 22; i++) {
      const groupID = `gl-many-${String(i).padStart(2, '0')}`;
      await many.createGroup({ type: TYPES.GRP_PUBLIC, name: `Many ${i}`, groupID });
      await text(many, groupID, `钢材询价 ${i}`, 'GROUP');
    }
    const { search, messages } = renderSearch(many);
    search('询价');
    await waitFor(() => expect(messages().getAllByRole('listitem')).toHaveLength(20));
    fireEvent.click(messages().getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(messages().getAllByRole('listitem')).toHaveLength(22));
    const names = messages()
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.lc-gsearch__row-name')?.textContent);
    expect(new Set(names).size).toBe(22);
  });

  it('says so when nothing matches', async () => {
    const { search } = renderSearch(me);
    search('不存在的词');
    expect(await screen.findByText('No search results')).toBeTruthy();
  });

  it("shows 'Message cloud search failed' when the server cannot answer", async () => {
    const own = await startServer();
    const { WebSocket } = await import('ws');
    const lonely = await connect(own, 'gl-offline', { WebSocket, requestTimeout: 1_000 });
    const { search } = renderSearch(lonely);
    await own.close();
    search('报价');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Message cloud search failed: /));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    await lonely.logout().catch(() => undefined);
  });
});

describe('contacts and groups', () => {
  it('shows a few contacts and groups above the messages on the All tab, with See more', async () => {
    const { search } = renderSearch(me);
    search('报价');
    const contacts = within(await screen.findByRole('region', { name: 'Contacts' }));
    const ann = await contacts.findByRole('button', { name: /Ann/ });
    expect(ann.textContent).toContain('ID: gl-ann');
    const groups = within(await screen.findByRole('region', { name: 'Groups' }));
    const desk = await groups.findByRole('button', { name: /Steel 报价 desk/ });
    expect(marks(desk)).toEqual(['报价']);
    expect(screen.getByRole('region', { name: 'Chat history' })).toBeTruthy();
  });

  it('lists people on the Contacts tab without time tabs, and opens a friend’s chat', async () => {
    const { search, onOpenConversation, onShowContact } = renderSearch(me);
    search('b');
    fireEvent.click(screen.getByRole('tab', { name: 'Contacts' }));
    expect(screen.queryByRole('radiogroup', { name: 'Time' })).toBeNull();
    const bob = await screen.findByRole('button', { name: /Bob/ });
    fireEvent.click(bob);
    expect(onShowContact).toHaveBeenCalledWith(expect.objectContaining({ kind: 'user', userID: 'gl-bob' }));

    search('Ann');
    fireEvent.click(await screen.findByRole('button', { name: /Ann/ }));
    await waitFor(() => expect(onOpenConversation).toHaveBeenCalledWith('C2Cgl-ann'));
  });

  it('lists groups on the Groups tab, mine first, and opens one I am in', async () => {
    const stranger = await server.connect('gl-stranger');
    await stranger.createGroup({ type: TYPES.GRP_PUBLIC, name: 'Open steel market', groupID: 'gl-market' });
    const { search, onOpenConversation, onShowContact } = renderSearch(me);
    search('steel');
    fireEvent.click(screen.getByRole('tab', { name: 'Groups' }));
    const list = await screen.findAllByRole('button', { name: /steel/i });
    expect(list.map((b) => b.querySelector('.lc-gsearch__row-name')?.textContent)).toEqual([
      'Steel 报价 desk',
      'Open steel market',
    ]);
    fireEvent.click(list[1] as HTMLElement);
    expect(onShowContact).toHaveBeenCalledWith(expect.objectContaining({ kind: 'group', groupID: 'gl-market' }));
    search('steel');
    fireEvent.click((await screen.findAllByRole('button', { name: /Steel 报价 desk/ }))[0] as HTMLElement);
    await waitFor(() => expect(onOpenConversation).toHaveBeenCalledWith('GROUPgl-desk'));
  });
});

describe('the search box and keyboard', () => {
  it('moves between tabs with the arrow keys, and Esc ends the search', async () => {
    const { search, box } = renderSearch(me);
    search('报价');
    const types = within(await screen.findByRole('tablist', { name: 'What to search' }));
    const all = types.getByRole('tab', { name: 'All' });
    expect(all.getAttribute('aria-selected')).toBe('true');
    all.focus();
    fireEvent.keyDown(all, { key: 'ArrowRight' });
    const textTab = types.getByRole('tab', { name: 'Text' });
    expect(textTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(textTab);
    fireEvent.keyDown(textTab, { key: 'End' });
    expect(types.getByRole('tab', { name: 'Groups' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect((box() as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(box());
  });

  it('moves between the time tabs with arrows, Home and End', async () => {
    const { search } = renderSearch(me);
    search('报价');
    const times = within(await screen.findByRole('radiogroup', { name: 'Time' }));
    const all = times.getByRole('radio', { name: 'All', checked: true });
    all.focus();
    fireEvent.keyDown(all, { key: 'End' });
    expect(document.activeElement).toBe(times.getByRole('radio', { name: 'Custom range', checked: true }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(times.getByRole('radio', { name: 'Last 7 days', checked: true }));
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Home' });
    expect(document.activeElement).toBe(times.getByRole('radio', { name: 'All', checked: true }));
  });

  it('shows a custom range with two date inputs, and clearing it goes back to All', async () => {
    const { search } = renderSearch(me);
    search('报价');
    // Contacts and groups show on the All tab whatever the time: the Text tab has only messages.
    fireEvent.click(await screen.findByRole('tab', { name: 'Text' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Custom range' }));
    expect(screen.getByLabelText('From')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2000-01-02' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2000-01-01' } });
    expect(await screen.findByText('No search results')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(
      within(screen.getByRole('radiogroup', { name: 'Time' })).getByRole('radio', { name: 'All', checked: true }),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Steel 报价 desk/ })).toBeTruthy();
  });

  it('the close icon clears the words and ends the search', async () => {
    const { search, box } = renderSearch(me);
    search('报价');
    await screen.findByRole('tablist', { name: 'What to search' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear and close search' }));
    expect((box() as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('takes the whole screen on phones, with Cancel', async () => {
    const { box, search, container } = renderSearch(me, { isH5: true, language: 'zh-CN' });
    fireEvent.focus(box());
    expect(container.querySelector('.lc-gsearch--fullscreen')).not.toBeNull();
    search('报价');
    expect(await screen.findByRole('tablist', { name: '搜索范围' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(container.querySelector('.lc-gsearch--fullscreen')).toBeNull();
  });

  it('is not there when the MessageSearch feature is off', () => {
    renderSearch(me, { features: { MessageSearch: false } });
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
