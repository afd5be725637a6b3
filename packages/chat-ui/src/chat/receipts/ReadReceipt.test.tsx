// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import type { ChatSDK, Message } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ensureUser } from '../../../../../apps/server/src/im/profiles/users';
import { connect, sendText, startServer, until } from '../../../../../apps/server/src/integration/harness';
import { renderInKit } from '../../test-support/render-in-kit';
import { ReadReceipt } from './ReadReceipt';

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;
const chats: ChatSDK[] = [];

/**
 * jsdom lays nothing out, so it has no IntersectionObserver: this one says each observed element
 * is `visibleRatio(element)` in view, when observed and whenever `reportAll` is called.
 */
class SeeingObserver {
  static visibleRatio: (element: Element) => number = () => 1;
  static live = new Set<SeeingObserver>();
  private readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {}
  static reportAll() {
    for (const observer of SeeingObserver.live) observer.report();
  }
  observe(target: Element) {
    this.targets.add(target);
    SeeingObserver.live.add(this);
    queueMicrotask(() => this.report());
  }
  disconnect() {
    SeeingObserver.live.delete(this);
    this.targets.clear();
  }
  private report() {
    const entries = [...this.targets].map((target) => {
      const ratio = SeeingObserver.visibleRatio(target);
      return {
        target,
        isIntersecting: ratio > 0,
        intersectionRatio: ratio,
        intersectionRect: { height: ratio * 100 },
        rootBounds: { height: 1000 },
      } as unknown as IntersectionObserverEntry;
    });
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

beforeAll(async () => {
  server = await startServer();
  Object.assign(globalThis, { IntersectionObserver: SeeingObserver });
});
afterEach(() => {
  cleanup();
  SeeingObserver.visibleRatio = () => 1;
});
afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await server.close();
});

async function user(userID: string): Promise<ChatSDK> {
  await ensureUser(server.db, userID);
  const chat = await connect(server, userID, { WebSocket });
  chats.push(chat);
  return chat;
}

/** A group of `owner` and members, and a message `owner` sent there asking for receipts. */
async function groupMessage(owner: ChatSDK, groupID: string, memberIDs: string[], text: string) {
  for (const userID of memberIDs) await ensureUser(server.db, userID);
  await owner.createGroup({
    type: 'Private',
    name: groupID,
    groupID,
    memberList: memberIDs.map((userID) => ({ userID })),
  });
  const message = owner.createTextMessage({
    to: groupID,
    conversationType: 'GROUP',
    payload: { text },
    needReadReceipt: true,
  });
  await owner.sendMessage(message);
  await until(() => owner.conversationStore.get(`GROUP${groupID}`) !== undefined, 5000, 'the group conversation');
  return message;
}

/** The same message as `reader` has it (to read it, or receipt it). */
async function asSeenBy(reader: ChatSDK, conversationID: string, messageID: string): Promise<Message> {
  for (;;) {
    const { data } = await reader.getMessageList({ conversationID });
    const found = data.messageList.find((m) => m.ID === messageID);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const status = () => document.querySelector('.lc-read-status')?.textContent;

describe('read status of my messages', () => {
  it('reads Unread under my C2C message, then Read once the peer has read the conversation', async () => {
    const me = await user('rr-me');
    const peer = await user('rr-peer');
    const sent = await sendText(me, 'rr-peer', 'price list attached');
    renderInKit(me, <ReadReceipt message={sent} />);
    expect(status()).toBe('Unread');
    await until(() => peer.conversationStore.get('C2Crr-me') !== undefined, 5000, 'the peer’s conversation');
    await act(() => peer.setMessageRead({ conversationID: 'C2Crr-me' }));
    await waitFor(() => expect(status()).toBe('Read'));
  });

  it('counts a group message’s readers: unread, then N read, then all read', async () => {
    const owner = await user('rg-owner');
    const readers = [await user('rg-m1'), await user('rg-m2')];
    const message = await groupMessage(owner, 'rg-group', ['rg-m1', 'rg-m2'], 'please confirm');
    renderInKit(owner, <ReadReceipt message={message} />);
    await waitFor(() => expect(status()).toBe('Unread'));
    const [first, second] = readers;
    if (!first || !second) throw new Error('no readers');
    await first.sendMessageReadReceipt([await asSeenBy(first, 'GROUPrg-group', message.ID)]);
    await waitFor(() => expect(status()).toBe('1 read'));
    await second.sendMessageReadReceipt([await asSeenBy(second, 'GROUPrg-group', message.ID)]);
    await waitFor(() => expect(status()).toBe('All read'));
  });

  it('shows nothing while the user’s setting or the app’s ReadStatus feature is off', async () => {
    const me = await user('rr-off');
    const sent = await sendText(me, 'rr-peer', 'no receipts shown');
    const { container } = renderInKit(me, <ReadReceipt message={sent} />, { displayMessageReadReceipt: false });
    expect(container.textContent).toBe('');
    cleanup();
    const again = renderInKit(me, <ReadReceipt message={sent} />, { features: { ReadStatus: false } });
    expect(again.container.textContent).toBe('');
  });
});

describe('sending my receipts', () => {
  it('receipts a group message once 70 % of it has been seen, not before', async () => {
    const owner = await user('rs-owner');
    const reader = await user('rs-reader');
    const message = await groupMessage(owner, 'rs-group', ['rs-reader'], 'seen yet?');
    const theirs = await asSeenBy(reader, 'GROUPrs-group', message.ID);
    const counts = async () => {
      const { data } = await owner.getMessageReadReceiptList([{ ...message }]);
      return data.messageList[0]?.readReceiptInfo.readCount;
    };
    SeeingObserver.visibleRatio = () => 0.5;
    renderInKit(reader, <div className="lc-row">{<ReadReceipt message={theirs} />}</div>);
    // Half in view, for longer than receipts are gathered before they go: none went.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await counts()).toBe(0);
    SeeingObserver.visibleRatio = () => 0.75;
    act(() => SeeingObserver.reportAll());
    await waitFor(async () => expect(await counts()).toBe(1), { timeout: 5000 });
  });
});

describe('the read-receipt panel', () => {
  it('lists who read and who did not, with counts, loading page after page to the end', async () => {
    const owner = await user('rp-owner');
    const memberIDs = Array.from({ length: 130 }, (_, i) => `rp-m${String(i).padStart(3, '0')}`);
    const message = await groupMessage(owner, 'rp-group', memberIDs, 'who read this?');
    const reader = await user('rp-m000');
    await reader.sendMessageReadReceipt([await asSeenBy(reader, 'GROUPrp-group', message.ID)]);
    renderInKit(owner, <ReadReceipt message={message} />);
    await waitFor(() => expect(status()).toBe('1 read'));
    fireEvent.click(screen.getByRole('button', { name: '1 read' }));

    const panel = screen.getByRole('dialog', { name: 'Message details' });
    await waitFor(() =>
      expect(within(panel).getByRole('tab', { name: 'Read (1)' }).getAttribute('aria-selected')).toBe('true'),
    );
    const read = await within(panel).findByRole('list', { name: 'Members who have read it' });
    await waitFor(() =>
      expect(
        within(read)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['rp-m000']),
    );
    await within(panel).findByText('Loading finished');

    fireEvent.click(within(panel).getByRole('tab', { name: 'Unread (129)' }));
    const unread = await within(panel).findByRole('list', { name: 'Members who have not read it' });
    // The end of the list is in view after each page (this observer sees everything): the next loads.
    await waitFor(() => expect(within(unread).getAllByRole('listitem')).toHaveLength(129), { timeout: 10_000 });
    await within(panel).findByText('Loading finished');

    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says the plan leaves group read receipts out while the operator has them switched off', async () => {
    const owner = await user('re-plan-owner');
    const message = await groupMessage(owner, 're-plan-group', ['re-plan-m1'], 'switched off');
    await server.abilities.set({ groupReadReceipt: false });
    try {
      renderInKit(owner, <ReadReceipt message={message} />, { language: 'zh-CN' });
      fireEvent.click(await screen.findByRole('button', { name: '未读' }));
      const panel = screen.getByRole('dialog', { name: '消息详情' });
      expect((await within(panel).findByRole('alert')).textContent).toBe(
        '当前套餐未包含群消息已读回执功能，请联系管理员升级套餐并开通',
      );
    } finally {
      await server.abilities.set({ groupReadReceipt: true });
    }
  });

  it('shows an empty tip when nobody has read the message yet', async () => {
    const owner = await user('re-owner');
    const message = await groupMessage(owner, 're-group', ['re-m1'], 'nobody yet');
    renderInKit(owner, <ReadReceipt message={message} />, { language: 'zh-TW' });
    fireEvent.click(await screen.findByRole('button', { name: '未讀' }));
    await screen.findByText('暫無成員已讀');
    await screen.findByRole('tab', { name: '未讀（1）' });
  });

  it('closes 200 ms after being asked to on a phone, sliding away meanwhile', async () => {
    const owner = await user('rm-owner');
    const message = await groupMessage(owner, 'rm-group', ['rm-m1'], 'on a phone');
    renderInKit(owner, <ReadReceipt message={message} />, { isH5: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Unread' }));
    const panel = screen.getByRole('dialog', { name: 'Message details' });
    expect(panel.className).toContain('lc-receipt-panel--drawer');
    fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(panel.className).toContain('lc-receipt-panel--closing');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
