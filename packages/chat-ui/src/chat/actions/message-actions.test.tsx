// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import type { ChatSDK } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiaisonServer } from '../../../../../apps/server/src/app';
import { connect, sendText, startServer } from '../../../../../apps/server/src/integration/harness';
import { ToastHost } from '../../core/toasts/ToastHost';
import { ChatWindow } from '../../shell/ChatWindow';
import { renderInKit } from '../../test-support/render-in-kit';
import { MessageList } from '../message-list/MessageList';

/** The server's clock runs this far ahead of real time (the revoke window is measured with it). */
let clockAhead = 0;
let server: LiaisonServer;
const chats: ChatSDK[] = [];

async function user(userID: string, nick?: string): Promise<ChatSDK> {
  const chat = await connect(server, userID, { WebSocket });
  chats.push(chat);
  if (nick) await chat.updateMyProfile({ nick });
  return chat;
}

beforeAll(async () => {
  server = await startServer(undefined, { messageActions: { now: () => Date.now() + clockAhead } });
});
afterEach(() => {
  cleanup();
  clockAhead = 0;
});
afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await server.close();
});

const chatWindow = (chat: ChatSDK, conversationID: string) =>
  renderInKit(
    chat,
    <>
      <ChatWindow conversationID={conversationID} onBack={() => undefined} />
      <ToastHost />
    </>,
  );

const rowOf = (text: HTMLElement) => text.closest<HTMLElement>('[data-message-id]') as HTMLElement;
const menu = () => screen.getByRole('menu', { name: 'Message actions' });
/** The menu's actions (the reaction row above them is the reactions feature's). */
const actionNames = () => Array.from(menu().querySelectorAll('.lc-conv-menu__item')).map((item) => item.textContent);
/** Presses ArrowDown in the open menu until the focused item reads `name`. */
function arrowTo(name: string): void {
  for (let step = 0; step < 30 && document.activeElement?.textContent !== name; step++) {
    fireEvent.keyDown(menu(), { key: 'ArrowDown' });
  }
  expect(document.activeElement?.textContent).toBe(name);
}
/** The text of the revoked notices in a part of the page. */
const revokedNotices = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('.lc-revoked')).map((notice) => notice.textContent);

describe('the message menu', () => {
  it('opens on right-click with the actions that apply to a received text, and closes with Escape', async () => {
    const ann = await user('menu-ann');
    const ben = await user('menu-ben', 'Ben');
    await sendText(ben, 'menu-ann', 'please check the quote');
    chatWindow(ann, 'C2Cmenu-ben');
    const text = await screen.findByText('please check the quote');
    fireEvent.contextMenu(text, { clientX: 40, clientY: 300 });
    expect(actionNames()).toEqual(['Copy', 'Delete', 'Quote', 'Forward', 'Multi-select', 'Translate']);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('is reached from the keyboard: arrows between messages, Shift+F10 opens, arrows move, Escape returns focus', async () => {
    const ann = await user('keys-ann');
    const ben = await user('keys-ben');
    await sendText(ben, 'keys-ann', 'first line');
    await sendText(ben, 'keys-ann', 'second line');
    chatWindow(ann, 'C2Ckeys-ben');
    const second = rowOf(await screen.findByText('second line'));
    // The latest message is the list's one Tab stop; the arrow keys go from message to message.
    await waitFor(() => expect(second.tabIndex).toBe(0));
    second.focus();
    fireEvent.keyDown(second, { key: 'ArrowUp' });
    const first = rowOf(screen.getByText('first line'));
    await waitFor(() => expect(document.activeElement).toBe(first));

    fireEvent.keyDown(first, { key: 'F10', shiftKey: true });
    // Focus starts on the menu's first item; the arrows walk through them.
    expect(document.activeElement).toBe(within(menu()).getAllByRole('menuitem')[0]);
    arrowTo('Copy');
    fireEvent.keyDown(menu(), { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Delete');
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(first);

    // The context-menu key does the same; Enter on an item activates it (a button's own behaviour).
    fireEvent.keyDown(first, { key: 'ContextMenu' });
    arrowTo('Quote');
    fireEvent.click(document.activeElement as HTMLElement);
    const bar = await screen.findByRole('region', { name: 'Quoting a message' });
    expect(bar.textContent).toContain('first line');
  });

  it('opens after a 500 ms long-press on a phone, and not on a short tap', async () => {
    const ann = await user('press-ann');
    const ben = await user('press-ben');
    await sendText(ben, 'press-ann', 'hold me');
    renderInKit(ann, <ChatWindow conversationID="C2Cpress-ben" onBack={() => undefined} />, { isH5: true });
    const text = await screen.findByText('hold me');
    const touch = { touches: [{ clientX: 50, clientY: 400 }] };
    fireEvent.touchStart(text, touch);
    await new Promise((resolve) => setTimeout(resolve, 100));
    fireEvent.touchEnd(text);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.touchStart(text, touch);
    expect(await screen.findByRole('menu', { name: 'Message actions' })).toBeTruthy();
    fireEvent.touchEnd(text);
    // Phones have no "open" and no hover button.
    expect(actionNames()).not.toContain('Open');
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
  });

  it('gives no menu in a group the user has left, and the notice replaces the composer', async () => {
    const ann = await user('left-ann');
    const ben = await user('left-ben');
    const { group } = (
      await ben.createGroup({
        type: 'Public',
        name: 'Samples',
        joinOption: 'FreeAccess',
        memberList: [{ userID: 'left-ann' }],
      })
    ).data;
    await sendText(ben, group.groupID, 'before you go', 'GROUP');
    chatWindow(ann, `GROUP${group.groupID}`);
    const text = await screen.findByText('before you go');
    fireEvent.contextMenu(text, { clientX: 40, clientY: 300 });
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.keyDown(menu(), { key: 'Escape' });

    await act(() => ann.quitGroup(group.groupID));
    // The conversation says why (operationType 8, spec chat.md §4 'Chat container').
    expect(await screen.findByText('You have left the group')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message input' })).toBeNull();
    fireEvent.contextMenu(text, { clientX: 40, clientY: 300 });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('revoking and deleting', () => {
  it('revokes my text for everyone: I read "You revoked a message" and can re-edit it; Ben and my other tab follow live', async () => {
    const ann = await user('rv-ann', 'Ann');
    const annOtherTab = await user('rv-ann');
    const ben = await user('rv-ben', 'Ben');
    await sendText(ann, 'rv-ben', 'the price is 12,800');
    const mine = chatWindow(ann, 'C2Crv-ben');
    const other = renderInKit(annOtherTab, <MessageList conversationID="C2Crv-ben" />);
    const bens = renderInKit(ben, <MessageList conversationID="C2Crv-ann" />);
    await within(bens.container).findByText('the price is 12,800');
    await within(other.container).findByText('the price is 12,800');

    fireEvent.contextMenu(await within(mine.container).findByText('the price is 12,800'), {
      clientX: 40,
      clientY: 300,
    });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Revoke' }));
    await waitFor(() => expect(revokedNotices(mine.container)).toEqual(['You revoked a messageRe-edit']));
    await waitFor(() => expect(revokedNotices(bens.container)).toEqual(['Ann revoked a message']));
    await waitFor(() => expect(revokedNotices(other.container)).toEqual(['You revoked a message']));
    expect(within(bens.container).queryByText('the price is 12,800')).toBeNull();
    // Only the tab that revoked still has the words: it alone offers re-edit.
    expect(within(other.container).queryByRole('button', { name: 'Re-edit' })).toBeNull();

    fireEvent.click(await within(mine.container).findByRole('button', { name: 'Re-edit' }));
    const editor = within(mine.container).getByRole('textbox', { name: 'Message input' });
    await waitFor(() => expect(editor.textContent).toBe('the price is 12,800'));
  });

  it('says "Withdrawal deadline has passed" when the revoke window is over, and the message stays', async () => {
    const ann = await user('late-ann');
    await user('late-ben');
    await sendText(ann, 'late-ben', 'too late to take back');
    chatWindow(ann, 'C2Clate-ben');
    fireEvent.contextMenu(await screen.findByText('too late to take back'), { clientX: 40, clientY: 300 });
    clockAhead = 3 * 60_000;
    fireEvent.click(screen.getByRole('menuitem', { name: 'Revoke' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Withdrawal deadline has passed');
    expect(screen.getByText('too late to take back')).toBeTruthy();
  });

  it('deletes a message from my list and my other tab only; Ben keeps his copy', async () => {
    const ann = await user('del-ann');
    const annOtherTab = await user('del-ann');
    const ben = await user('del-ben');
    await sendText(ben, 'del-ann', 'keep this');
    await sendText(ben, 'del-ann', 'delete this');
    const mine = chatWindow(ann, 'C2Cdel-ben');
    const other = renderInKit(annOtherTab, <MessageList conversationID="C2Cdel-ben" />);
    await within(other.container).findByText('delete this');
    fireEvent.contextMenu(await within(mine.container).findByText('delete this'), { clientX: 40, clientY: 300 });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(within(mine.container).queryByText('delete this')).toBeNull());
    await waitFor(() => expect(within(other.container).queryByText('delete this')).toBeNull());
    expect(within(mine.container).getByText('keep this')).toBeTruthy();
    const bens = renderInKit(ben, <MessageList conversationID="C2Cdel-ann" />);
    expect(await within(bens.container).findByText('delete this')).toBeTruthy();
  });

  it('copies a text, or says the device cannot copy', async () => {
    const ann = await user('copy-ann');
    const ben = await user('copy-ben');
    await sendText(ben, 'copy-ann', 'order A1 × 200');
    chatWindow(ann, 'C2Ccopy-ben');
    fireEvent.contextMenu(await screen.findByText('order A1 × 200'), { clientX: 40, clientY: 300 });
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Copy' })));
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(copied).toEqual(['order A1 × 200']);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
  });
});
