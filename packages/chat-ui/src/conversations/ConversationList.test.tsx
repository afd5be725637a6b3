// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import type { ChatSDK } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { connect, sendText, startServer, until } from '../../../../apps/server/src/integration/harness';
import { befriend } from '../../../../apps/server/src/integration/relation-helpers';
import { startStallingProxy } from '../../../../apps/server/src/integration/stalling-proxy';
import { KitNotifications } from '../notifications/KitNotifications';
import { NetworkBanner } from '../shell/NetworkBanner';
import { renderInKit } from '../test-support/render-in-kit';
import { ConversationHeader } from './ConversationHeader';
import { ConversationList } from './ConversationList';

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;
const chats: ChatSDK[] = [];

beforeAll(async () => {
  server = await startServer();
});
afterEach(() => cleanup());
afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await server.close();
});

async function user(userID: string, target: Pick<Server, 'app' | 'url'> = server): Promise<ChatSDK> {
  const chat = await connect(target, userID, { WebSocket });
  chats.push(chat);
  return chat;
}

/** `viewer` logged in, with one message from each sender, in order (the last is the newest). */
async function inbox(viewer: string, senders: string[]): Promise<ChatSDK> {
  const chat = await user(viewer);
  for (const sender of senders) await sendText(await user(sender), viewer, `hi from ${sender}`);
  await until(() => senders.every((s) => chat.conversationStore.get(`C2C${s}`)), 10_000, 'the conversations');
  return chat;
}

function rowIDs(): string[] {
  const list = screen.getByRole('list', { name: 'Conversations' });
  return within(list)
    .getAllByRole('button')
    .map((row) => row.getAttribute('data-conversation-id') ?? '');
}

function row(conversationID: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`[data-conversation-id="${conversationID}"]`);
  if (!element) throw new Error(`no row for ${conversationID}`);
  return element;
}

describe('conversation list', () => {
  it('lists conversations newest first and opens one on click', async () => {
    const chat = await inbox('list-viewer', ['list-bob', 'list-carol']);
    const onSelect = vi.fn();
    renderInKit(chat, <ConversationList activeConversationID={null} onSelect={onSelect} />);
    expect(rowIDs()).toEqual(['C2Clist-carol', 'C2Clist-bob']);
    expect(within(row('C2Clist-bob')).getByText('hi from list-bob')).toBeTruthy();
    fireEvent.click(row('C2Clist-bob'));
    expect(onSelect).toHaveBeenCalledWith('C2Clist-bob');
  });

  it('pins a conversation to the top from the right-click menu, and then offers to unpin it', async () => {
    const chat = await inbox('pin-viewer', ['pin-bob', 'pin-carol']);
    renderInKit(chat, <ConversationList activeConversationID={null} onSelect={() => undefined} />);
    expect(rowIDs()[0]).toBe('C2Cpin-carol');

    fireEvent.contextMenu(row('C2Cpin-bob'), { clientX: 40, clientY: 50 });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Pin to top' }));
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(rowIDs()[0]).toBe('C2Cpin-bob'));

    fireEvent.contextMenu(row('C2Cpin-bob'), { clientX: 40, clientY: 50 });
    expect(screen.getByRole('menuitem', { name: 'Unpin' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('shows the unread count, and only a dot once the conversation is muted from the menu', async () => {
    const chat = await user('mute-viewer');
    const bob = await user('mute-bob');
    await sendText(bob, 'mute-viewer', 'one');
    await sendText(bob, 'mute-viewer', 'two');
    await until(() => chat.conversationStore.get('C2Cmute-bob')?.unreadCount === 2, 10_000, 'two unread');
    renderInKit(chat, <ConversationList activeConversationID={null} onSelect={() => undefined} />);
    expect(within(row('C2Cmute-bob')).getByText('2 unread messages')).toBeTruthy();

    fireEvent.contextMenu(row('C2Cmute-bob'), { clientX: 40, clientY: 50 });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Mute notifications' }));
    await waitFor(() => expect(within(row('C2Cmute-bob')).getByText('Unread messages')).toBeTruthy());
    expect(within(row('C2Cmute-bob')).queryByText('2')).toBeNull();
    expect(within(row('C2Cmute-bob')).getByText('Notifications off')).toBeTruthy();
  });

  it('shows no unread mark on the open conversation, which is being read', async () => {
    const chat = await user('open-viewer');
    const bob = await user('open-bob');
    await sendText(bob, 'open-viewer', 'while you look');
    await until(() => chat.conversationStore.get('C2Copen-bob')?.unreadCount === 1, 10_000, 'one unread');
    renderInKit(chat, <ConversationList activeConversationID="C2Copen-bob" onSelect={() => undefined} />);
    expect(within(row('C2Copen-bob')).queryByText(/unread/i)).toBeNull();
  });

  it('isolates every user-supplied fragment of a row in its own <bdi>: name, sender and text', async () => {
    // The viewer's account exists (first login) before the group is made.
    await (await user('bdi-viewer')).logout();
    const owner = await user('bdi-owner');
    const sender = await user('bdi-sender');
    await sender.updateMyProfile({ nick: 'Sam' });
    await owner.createGroup({
      type: 'Community',
      name: 'Files',
      groupID: 'bdi-group',
      memberList: [{ userID: 'bdi-sender' }, { userID: 'bdi-viewer' }],
    });
    await sendText(sender, 'bdi-group', '\u202egnp.exe', 'GROUP');
    // Logging in after the message, the viewer gets the conversation with its group profile.
    const chat = await user('bdi-viewer');
    await until(() => Boolean(chat.conversationStore.get('GROUPbdi-group')?.groupProfile), 10_000, 'the group row');
    renderInKit(chat, <ConversationList activeConversationID={null} onSelect={() => undefined} />);
    const item = row('GROUPbdi-group');
    const isolated = (selector: string) =>
      Array.from(item.querySelectorAll(`${selector} bdi`), (element) => element.textContent);
    expect(isolated('.lc-conv-item__name')).toEqual(['Files']);
    // The override stays inside its own <bdi>: it cannot reach the sender's name or the row's time.
    expect(isolated('.lc-conv-item__abstract')).toEqual(['Sam', '\u202egnp.exe']);
    expect(item.querySelector('.lc-conv-item__abstract')?.textContent).toBe('Sam: \u202egnp.exe');
  });

  it('deletes a conversation only after a confirmation saying the chat history will be cleared', async () => {
    const chat = await inbox('delete-viewer', ['delete-bob']);
    const onDelete = vi.fn();
    renderInKit(chat, <ConversationList activeConversationID={null} onSelect={() => undefined} onDelete={onDelete} />);

    fireEvent.contextMenu(row('C2Cdelete-bob'), { clientX: 40, clientY: 50 });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete conversation' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete conversation' });
    expect(dialog.textContent).toContain('Delete the conversation with delete-bob? The chat history will be cleared.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(rowIDs()).toEqual(['C2Cdelete-bob']);

    fireEvent.contextMenu(row('C2Cdelete-bob'), { clientX: 40, clientY: 50 });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete conversation' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('No conversations yet')).toBeTruthy());
    expect(onDelete).toHaveBeenCalledWith('C2Cdelete-bob');
  });

  it('shows a draft with its label, except on the conversation that is open', async () => {
    const chat = await inbox('draft-viewer', ['draft-bob']);
    await chat.setConversationDraft({ conversationID: 'C2Cdraft-bob', draftText: 'half a thought [TUIEmoji_Smile]' });
    const view = renderInKit(chat, <ConversationList activeConversationID={null} onSelect={() => undefined} />, {
      language: 'zh-CN',
    });
    await waitFor(() => expect(within(row('C2Cdraft-bob')).getByText('[草稿]')).toBeTruthy());
    // Emoji in a draft read as their names, never as raw tags.
    expect(within(row('C2Cdraft-bob')).getByText('half a thought [微笑]')).toBeTruthy();

    view.rerender(<ConversationList activeConversationID="C2Cdraft-bob" onSelect={() => undefined} />);
    expect(within(row('C2Cdraft-bob')).queryByText('[草稿]')).toBeNull();
    expect(within(row('C2Cdraft-bob')).getByText('hi from draft-bob')).toBeTruthy();
  });

  it('shows [@me] on a group row when an unread message mentions me', async () => {
    const chat = await user('at-viewer');
    const owner = await user('at-owner');
    const { group } = (
      await owner.createGroup({ type: 'Private', name: 'Mentions', memberList: [{ userID: 'at-viewer' }] })
    ).data;
    const mention = owner.createTextAtMessage({
      to: group.groupID,
      conversationType: 'GROUP',
      payload: { text: '@at-viewer look', atUserList: ['at-viewer'] },
    });
    await owner.sendMessage(mention);
    const id = `GROUP${group.groupID}`;
    await until(() => (chat.conversationStore.get(id)?.groupAtInfoList.length ?? 0) > 0, 10_000, 'the mention');
    renderInKit(chat, <ConversationList activeConversationID={null} onSelect={() => undefined} />);
    expect(within(row(id)).getByText('[@me]')).toBeTruthy();
    // The tip that the viewer was added is read for them: the mention alone is unread.
    expect(within(row(id)).getByText('1 unread message')).toBeTruthy();
    // The group's profile is fetched after its first message: the row then shows its name.
    expect(await within(row(id)).findByText('Mentions')).toBeTruthy();
  });

  it('shows a community with topics by its topics: their unread summed, their mention and newest message, moved up; the tab title counts them', async () => {
    const chat = await user('cm-viewer');
    const owner = await user('cm-owner');
    const { group } = (
      await owner.createGroup({
        type: 'Community',
        name: 'Club',
        isSupportTopic: true,
        memberList: [{ userID: 'cm-viewer' }],
      })
    ).data;
    const [general, news] = await Promise.all(
      ['General', 'News'].map(async (topicName) => {
        return (await owner.createTopicInCommunity({ groupID: group.groupID, topicName })).data.topicID;
      }),
    );
    await sendText(await user('cm-bob'), 'cm-viewer', 'hi from bob');
    const id = `GROUP${group.groupID}`;
    await until(() => chat.conversationStore.get('C2Ccm-bob') !== undefined, 10_000, 'bob’s message');
    const kit = (open: string | null) => (
      <>
        <ConversationList activeConversationID={open} onSelect={() => undefined} />
        <KitNotifications isEnabled={false} onOpen={() => undefined} />
      </>
    );
    const { rerender } = renderInKit(chat, kit(null));
    expect(rowIDs()).toEqual(['C2Ccm-bob', id]);
    // Topic messages come a second later than bob's, so the community's row is newer.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await sendText(owner, general ?? '', 'first', 'GROUP');
    await sendText(owner, general ?? '', 'second', 'GROUP');
    const mention = owner.createTextAtMessage({
      to: news ?? '',
      conversationType: 'GROUP',
      payload: { text: '@cm-viewer read this', atUserList: ['cm-viewer'] },
    });
    await owner.sendMessage(mention);

    await waitFor(() => expect(within(row(id)).getByText('3 unread messages')).toBeTruthy());
    expect(rowIDs()).toEqual([id, 'C2Ccm-bob']);
    expect(within(row(id)).getByText('[@me]')).toBeTruthy();
    expect(row(id).textContent).toContain('#News cm-owner: @cm-viewer read this');
    // The SDK's total leaves topics out, as Tencent's; the kit's title counts them with bob's one.
    expect(chat.getTotalUnreadMessageCount()).toBe(1);
    expect(document.title).toMatch(/^\(4\) /);
    // With one topic open (being read), the community's row counts the others.
    rerender(kit(`GROUP${general}`));
    expect(row(id).getAttribute('aria-current')).toBe('true');
    expect(within(row(id)).getByText('1 unread message')).toBeTruthy();
    rerender(kit(null));

    // Muted, the community shows a dot and leaves the title's count.
    fireEvent.contextMenu(row(id), { clientX: 40, clientY: 50 });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Mute notifications' }));
    await waitFor(() => expect(within(row(id)).getByText('Unread messages')).toBeTruthy());
    expect(document.title).toMatch(/^\(1\) /);
  });

  it("names a friend by my remark on their row and as the sender of a group's last message, live as it changes", async () => {
    const chat = await user('remark-viewer');
    const bob = await user('remark-bob');
    await bob.updateMyProfile({ nick: 'Bob', allowType: 'AllowType_Type_AllowAny' });
    await chat.addFriend({ to: 'remark-bob', source: 'AddSource_Type_Web', remark: 'Supplier Bob' });
    await sendText(bob, 'remark-viewer', 'hello');
    const { group } = (
      await bob.createGroup({ type: 'Private', name: 'Remarks', memberList: [{ userID: 'remark-viewer' }] })
    ).data;
    await sendText(bob, group.groupID, 'to the group', 'GROUP');
    const groupRow = `GROUP${group.groupID}`;
    await until(() => chat.conversationStore.get(groupRow)?.lastMessage.type === 'TIMTextElem', 10_000, 'the group');
    renderInKit(chat, <ConversationList activeConversationID={null} onSelect={() => undefined} />);
    expect(await within(row('C2Cremark-bob')).findByText('Supplier Bob')).toBeTruthy();
    expect(await within(row(groupRow)).findByText('Supplier Bob')).toBeTruthy();
    expect(within(row('C2Cremark-bob')).queryByText('Bob')).toBeNull();

    await chat.updateFriend({ userID: 'remark-bob', remark: 'Bob from Suzhou' });
    expect(await within(row('C2Cremark-bob')).findByText('Bob from Suzhou')).toBeTruthy();
    expect(await within(row(groupRow)).findByText('Bob from Suzhou')).toBeTruthy();
    await chat.updateFriend({ userID: 'remark-bob', remark: '' });
    expect(await within(row('C2Cremark-bob')).findByText('Bob')).toBeTruthy();
  });

  it('shows my message on the row at once while it is on its way, and a failed one with the failed mark', async () => {
    const url = new URL(server.url);
    const proxy = await startStallingProxy({ host: url.hostname, port: Number(url.port) });
    try {
      const chat = await user('own-viewer', { app: server.app, url: proxy.url });
      const [blocker, quiet] = [await user('own-blocker'), await user('own-quiet')];
      await sendText(blocker, 'own-viewer', 'first from blocker');
      await sendText(quiet, 'own-viewer', 'first from quiet');
      await until(() => chat.conversationStore.getSnapshot().length === 2, 10_000, 'the conversations');
      renderInKit(chat, <ConversationList activeConversationID={null} onSelect={() => undefined} />);
      await blocker.addToBlacklist({ userIDList: ['own-viewer'] });
      const refused = chat.createTextMessage({
        to: 'own-blocker',
        conversationType: 'C2C',
        payload: { text: '在吗？' },
      });
      await expect(chat.sendMessage(refused)).rejects.toBeTruthy();
      await waitFor(() => expect(within(row('C2Cown-blocker')).getByText('在吗？')).toBeTruthy());
      expect(within(row('C2Cown-blocker')).getByRole('img', { name: 'Failed to send' })).toBeTruthy();
      expect(rowIDs()[0]).toBe('C2Cown-blocker');

      // The line goes silent: the message waits, and its row already shows it first, without the mark.
      proxy.stall();
      const waiting = chat.createTextMessage({
        to: 'own-quiet',
        conversationType: 'C2C',
        payload: { text: '报价稍后发' },
      });
      void chat.sendMessage(waiting).catch(() => undefined);
      await waitFor(() => expect(within(row('C2Cown-quiet')).getByText('报价稍后发')).toBeTruthy());
      expect(rowIDs()[0]).toBe('C2Cown-quiet');
      expect(within(row('C2Cown-quiet')).queryByRole('img', { name: 'Failed to send' })).toBeNull();
    } finally {
      await proxy.close();
    }
  });

  it('has no serious or critical accessibility violations', async () => {
    const chat = await inbox('axe-viewer', ['axe-bob', 'axe-carol']);
    const { container } = renderInKit(
      chat,
      <>
        <ConversationHeader onSelect={() => undefined} />
        <ConversationList activeConversationID="C2Caxe-bob" onSelect={() => undefined} />
      </>,
    );
    // jsdom lays nothing out and has no canvas, so contrast cannot be judged here.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(severe.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});

describe('network banner', () => {
  it('appears when the connection drops', async () => {
    const url = new URL(server.url);
    const proxy = await startStallingProxy({ host: url.hostname, port: Number(url.port) });
    try {
      const chat = await user('net-viewer', { app: server.app, url: proxy.url });
      renderInKit(chat, <NetworkBanner />);
      expect(screen.queryByRole('alert')).toBeNull();
      await act(() => proxy.close());
      expect(await screen.findByText('Network unavailable, please check your connection')).toBeTruthy();
    } finally {
      await proxy.close();
    }
  });

  it('shows no online dots while my own connection is down, and fresh ones once it is back', async () => {
    const url = new URL(server.url);
    const proxy = await startStallingProxy({ host: url.hostname, port: Number(url.port) });
    try {
      const chat = await user('dark-viewer', { app: server.app, url: proxy.url });
      const peer = await user('dark-peer');
      // Friends: only they (and group members) see each other's status.
      await befriend(chat, peer);
      await sendText(peer, 'dark-viewer', 'hi');
      await until(() => chat.conversationStore.get('C2Cdark-peer') !== undefined, 10_000, 'the conversation');
      renderInKit(chat, <ConversationList activeConversationID={null} onSelect={() => undefined} />, {
        displayOnlineStatus: true,
      });
      const dot = () => row('C2Cdark-peer').querySelector('.lc-online-dot')?.getAttribute('data-status') ?? null;
      await waitFor(() => expect(dot()).toBe('online'), { timeout: 10_000 });
      // The peer leaves while I cannot hear of it: until I am back, their status is unknown, not online.
      act(() => proxy.drop());
      await waitFor(() => expect(dot()).toBeNull(), { timeout: 10_000 });
      await peer.logout();
      await waitFor(() => expect(dot()).toBe('offline'), { timeout: 20_000 });
    } finally {
      await proxy.close();
    }
  });
});
