// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import { type ChatSDK, TYPES } from '@liaison/sdk';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../core/toasts/ToastHost';
import { type KitRenderOptions, renderInKit } from '../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { ContactsPanel } from './ContactsPanel';
import type { ContactTarget } from './contact-model';

/**
 * The contacts tab against a real server and the real SDK (spec portal.md §2 "Contacts", §4, §6,
 * §8): each user's lists live from the SDK, the card's actions per relation, and the toasts.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

async function person(userID: string, nick: string): Promise<ChatSDK> {
  const chat = await server.connect(userID);
  await chat.updateMyProfile({ nick });
  return chat;
}

/** Two people who are friends both ways. */
async function friends(a: ChatSDK, b: ChatSDK): Promise<void> {
  await b.updateMyProfile({ allowType: TYPES.ALLOW_TYPE_ALLOW_ANY });
  await a.addFriend({ to: b.getLoginUser(), source: 'AddSource_Type_Web' });
}

function Contacts({ onOpen }: { onOpen(conversationID: string): void }) {
  const [selected, setSelected] = useState<ContactTarget | null>(null);
  return (
    <>
      <ContactsPanel selected={selected} onSelect={setSelected} onOpenConversation={onOpen} />
      <ToastHost />
    </>
  );
}

function renderContacts(chat: ChatSDK, options: KitRenderOptions = {}) {
  const onOpen = vi.fn();
  const { container } = renderInKit(chat, <Contacts onOpen={onOpen} />, options);
  const view = within(container);
  const section = (name: RegExp | string) => view.getByRole('button', { name });
  const card = () => within(view.getByRole('article'));
  /** The toast that says `text` (a success is a status, a failure an alert). */
  const toast = (text: string) =>
    view.findByText((content, element) => element?.classList.contains('lc-toast__text') === true && content === text);
  return { view, section, card, toast, onOpen, container };
}

describe('friend applications', () => {
  it('shows a request with its unread count, marks it read when opened, and accepting makes both friends', async () => {
    const ann = await person('fa-ann', 'Ann');
    const bob = await person('fa-bob', 'Bob');
    const { view, section, card, toast } = renderContacts(bob);
    expect(section(/Friend applications/).getAttribute('aria-expanded')).toBe('false');

    await ann.addFriend({ to: 'fa-bob', source: 'AddSource_Type_Web', wording: 'Ann from Ningbo' });
    await waitFor(() => expect(section(/Friend applications/).textContent).toContain('1 unread'));

    fireEvent.click(section(/Friend applications/));
    expect(section(/Friend applications/).getAttribute('aria-expanded')).toBe('true');
    const list = view.getByRole('list', { name: 'Friend applications' });
    expect(within(list).getByRole('button', { name: /Ann/ }).textContent).toContain('Ann from Ningbo');
    // Opened: read, here and in the SDK.
    await waitFor(() => expect(section(/Friend applications/).textContent).not.toContain('unread'));
    expect((await bob.getFriendApplicationList()).data.unreadCount).toBe(0);

    fireEvent.click(within(list).getByRole('button', { name: /Ann/ }));
    expect(card().getByRole('heading', { name: 'Ann' })).toBeTruthy();
    expect(card().getByText('Ann from Ningbo')).toBeTruthy();
    expect(card().queryByRole('button', { name: 'Add friend' })).toBeNull();
    fireEvent.click(card().getByRole('button', { name: 'Accept' }));
    expect(await toast('Friend added')).toBeTruthy();

    // The card turns into a friend's, and the lists follow on both sides.
    expect(await card().findByRole('button', { name: 'Send message' })).toBeTruthy();
    fireEvent.click(section(/My friends/));
    expect(within(view.getByRole('list', { name: 'My friends' })).getByRole('button', { name: /Ann/ })).toBeTruthy();
    expect(view.getByText('No friend applications')).toBeTruthy();
    const annFriends = (await ann.getFriendList()).data.map((f) => f.userID);
    expect(annFriends).toEqual(['fa-bob']);
  });

  it('rejects a request and says so', async () => {
    const cat = await person('fr-cat', 'Cat');
    const dan = await person('fr-dan', 'Dan');
    await cat.addFriend({ to: 'fr-dan', source: 'AddSource_Type_Web' });
    const { view, section, card, toast } = renderContacts(dan);
    fireEvent.click(section(/Friend applications/));
    fireEvent.click(await view.findByRole('button', { name: /Cat/ }));
    fireEvent.click(card().getByRole('button', { name: 'Reject' }));
    expect(await toast('Application rejected')).toBeTruthy();
    await waitFor(() => expect(view.getByText('No friend applications')).toBeTruthy());
    expect((await dan.getFriendList()).data).toEqual([]);
  });
});

describe('search and add friend', () => {
  it('finds a user by nick, opens the card (no internal user ID on it), and sends an application with wording and remark', async () => {
    await person('sa-eve', 'Eve Searcher');
    const fay = await person('sa-fay', 'Fay');
    const { view, card, toast } = renderContacts(fay);
    const box = view.getByRole('searchbox', { name: 'Search users and groups' });
    fireEvent.change(box, { target: { value: 'nobody like this' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await view.findByText('Failed to find contact or group')).toBeTruthy();

    fireEvent.change(box, { target: { value: 'Searcher' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const results = await view.findByRole('list', { name: 'Users' });
    fireEvent.click(within(results).getByRole('button', { name: /Eve Searcher/ }));
    await card().findByRole('heading', { name: 'Eve Searcher' });
    // The user ID is internal (in the portal, nobody knows a person by it): the card leaves it out.
    expect(card().queryByText('sa-eve')).toBeNull();
    // Not a friend: add friend, and no blocked-list switch (spec §6).
    expect(card().queryByRole('switch')).toBeNull();
    await waitFor(() =>
      expect((card().getByLabelText('Verification message') as HTMLTextAreaElement).value).toBe('I am Fay'),
    );
    fireEvent.change(card().getByLabelText('Remark (optional)'), { target: { value: 'Eve (supplier)' } });
    fireEvent.click(card().getByRole('button', { name: 'Add friend' }));
    expect(await toast('Application sent')).toBeTruthy();
    expect(await card().findByText('Waiting for verification')).toBeTruthy();

    // An empty box brings the sections back (spec §5).
    fireEvent.change(box, { target: { value: '' } });
    expect(view.getByRole('navigation', { name: 'Contact list' }).closest('[hidden]')).toBeNull();
  });

  it('says why an application cannot be sent: the user refuses every request', async () => {
    const gus = await person('sr-gus', 'Gus');
    await gus.updateMyProfile({ allowType: TYPES.ALLOW_TYPE_DENY_ANY });
    const hal = await person('sr-hal', 'Hal');
    const { view, card, toast } = renderContacts(hal);
    const box = view.getByRole('searchbox', { name: 'Search users and groups' });
    fireEvent.change(box, { target: { value: 'sr-gus' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(await view.findByRole('button', { name: /Gus/ }));
    fireEvent.click(card().getByRole('button', { name: 'Add friend' }));
    expect(await toast('Failed to send the application: The user does not accept friend requests')).toBeTruthy();
  });
});

describe('a friend’s card', () => {
  it('edits the remark within 96 bytes, blocks and unblocks, and opens the conversation', async () => {
    const ivy = await person('fc-ivy', 'Ivy');
    const jon = await person('fc-jon', 'Jon');
    await friends(ivy, jon);
    const { view, section, card, toast, onOpen } = renderContacts(ivy);
    fireEvent.click(section(/My friends/));
    fireEvent.click(await view.findByRole('button', { name: /Jon/ }));

    const remark = card().getByLabelText('Remark');
    // 49 Chinese characters are 98 bytes: over the limit, said at once and refused on save.
    fireEvent.change(remark, { target: { value: '供'.repeat(49) } });
    expect(remark.getAttribute('aria-invalid')).toBe('true');
    expect(card().getByText('Remark change failed: the remark must not exceed 96 bytes')).toBeTruthy();
    fireEvent.click(card().getByRole('button', { name: 'Save remark' }));
    expect(await toast('Remark change failed: the remark must not exceed 96 bytes')).toBeTruthy();
    expect((await ivy.getFriendList()).data[0]?.remark).toBe('');

    fireEvent.change(remark, { target: { value: '供'.repeat(48) } });
    expect(card().getByText('96/96 bytes')).toBeTruthy();
    fireEvent.click(card().getByRole('button', { name: 'Save remark' }));
    expect(await toast('Remark updated')).toBeTruthy();
    await waitFor(() => expect(card().getByRole('heading').textContent).toBe('供'.repeat(48)));

    const blocked = card().getByRole('switch', { name: 'Add to blocked list' });
    expect(blocked.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(blocked);
    // Blocking ends the friendship (docs/friends-and-blocklist.md): the switch stays, add friend shows.
    // The switch, the friend list and the blocked list each follow their own push: wait for each.
    await waitFor(() => expect(card().getByRole('switch').getAttribute('aria-checked')).toBe('true'));
    expect(await card().findByRole('button', { name: 'Add friend' })).toBeTruthy();
    fireEvent.click(section(/Blocked list/));
    await waitFor(() =>
      expect(
        within(view.getByRole('list', { name: 'Blocked list' })).getByRole('button', { name: /Jon/ }),
      ).toBeTruthy(),
    );
    fireEvent.click(card().getByRole('switch'));
    await waitFor(() => expect(view.getByText('No one is blocked')).toBeTruthy());
    // Neither blocked nor a friend any more: no switch (spec §6).
    await waitFor(() => expect(card().queryByRole('switch')).toBeNull());

    await friends(ivy, jon);
    fireEvent.click(await card().findByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith('C2Cfc-jon'));
    // The conversation is ready under the friend's name before its first message.
    expect(ivy.conversationStore.get('C2Cfc-jon')?.userProfile?.nick).toBe('Jon');
  });

  it('deletes a friend after confirmation', async () => {
    const kim = await person('fd-kim', 'Kim');
    const lou = await person('fd-lou', 'Lou');
    await friends(kim, lou);
    const { view, section, card, toast } = renderContacts(kim);
    fireEvent.click(section(/My friends/));
    fireEvent.click(await view.findByRole('button', { name: /Lou/ }));
    fireEvent.click(card().getByRole('button', { name: 'Delete friend' }));
    const dialog = view.getByRole('dialog', { name: 'Delete friend' });
    expect(dialog.textContent).toContain('Delete Lou from your friends?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await toast('Friend deleted')).toBeTruthy();
    await waitFor(() => expect(view.getByText('No friends yet')).toBeTruthy());
    expect(card().getByRole('button', { name: 'Add friend' })).toBeTruthy();
    expect((await lou.getFriendList()).data).toEqual([]);
  });
});

describe('groups', () => {
  it('finds a group by ID and applies with a verification message, or joins a free one at once', async () => {
    const owner = await person('gj-owner', 'Owner');
    const mia = await person('gj-mia', 'Mia');
    await owner.createGroup({
      type: TYPES.GRP_PUBLIC,
      name: 'Ask first',
      groupID: 'gj-public',
      joinOption: 'NeedPermission',
    });
    await owner.createGroup({ type: TYPES.GRP_MEETING, name: 'Walk in', groupID: 'gj-meeting' });
    const { view, card, toast, onOpen } = renderContacts(mia);
    const box = view.getByRole('searchbox', { name: 'Search users and groups' });

    fireEvent.change(box, { target: { value: 'gj-public' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(
      within(await view.findByRole('list', { name: 'Groups' })).getByRole('button', { name: /Ask first/ }),
    );
    expect(card().getByText('Strangers social group (Public)')).toBeTruthy();
    fireEvent.change(card().getByLabelText('Verification message'), { target: { value: 'Mia, buyer' } });
    fireEvent.click(card().getByRole('button', { name: 'Send join request' }));
    expect(await toast('Request sent, waiting for admin approval')).toBeTruthy();
    const { data } = await owner.getGroupApplicationList();
    expect(data.applicationList.map((a) => [a.applicant, a.note])).toEqual([['gj-mia', 'Mia, buyer']]);

    fireEvent.change(box, { target: { value: 'gj-meeting' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(within(await view.findByRole('list', { name: 'Groups' })).getByRole('button', { name: /Walk in/ }));
    fireEvent.click(card().getByRole('button', { name: 'Send join request' }));
    expect(await toast('You have joined the group')).toBeTruthy();
    fireEvent.click(await card().findByRole('button', { name: 'Enter conversation' }));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith('GROUPgj-meeting'));
  });

  it('finds groups by a piece of their name, mine first, never another’s Work group', async () => {
    const owner = await person('gn-owner', 'Owner');
    const rae = await person('gn-rae', 'Rae');
    await owner.createGroup({ type: TYPES.GRP_PUBLIC, name: 'Cotton 采购 open', groupID: 'gn-open' });
    await owner.createGroup({ type: TYPES.GRP_WORK, name: 'Cotton 采购 board', groupID: 'gn-board' });
    await owner.createGroup({
      type: TYPES.GRP_WORK,
      name: 'Cotton 采购 team',
      groupID: 'gn-team',
      memberList: [{ userID: 'gn-rae' }],
    });
    const { view } = renderContacts(rae);
    const box = view.getByRole('searchbox', { name: 'Search users and groups' });
    fireEvent.change(box, { target: { value: '采购' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const list = await view.findByRole('list', { name: 'Groups' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([expect.stringContaining('Cotton 采购 team'), expect.stringContaining('Cotton 采购 open')]),
    );
  });

  it('offers "join live group" for an AVChatRoom', async () => {
    const owner = await person('gl-owner', 'Owner');
    const ned = await person('gl-ned', 'Ned');
    await owner.createGroup({ type: TYPES.GRP_AVCHATROOM, name: 'Live', groupID: 'gl-live' });
    const { view, card, toast } = renderContacts(ned);
    const box = view.getByRole('searchbox', { name: 'Search users and groups' });
    fireEvent.change(box, { target: { value: 'gl-live' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(await view.findByRole('button', { name: /Live/ }));
    expect(card().queryByLabelText('Verification message')).toBeNull();
    fireEvent.click(card().getByRole('button', { name: 'Join live group' }));
    expect(await toast('You have joined the group')).toBeTruthy();
  });

  it('lets a member quit and the owner dismiss, each after confirmation', async () => {
    const ola = await person('gq-ola', 'Ola');
    const pat = await person('gq-pat', 'Pat');
    await ola.createGroup({
      type: TYPES.GRP_PUBLIC,
      name: 'Buyers',
      groupID: 'gq-buyers',
      memberList: [{ userID: 'gq-pat' }],
    });
    const patView = renderContacts(pat);
    fireEvent.click(patView.section(/My groups/));
    fireEvent.click(await patView.view.findByRole('button', { name: /Buyers/ }));
    expect(patView.card().queryByRole('button', { name: 'Dismiss group' })).toBeNull();
    fireEvent.click(patView.card().getByRole('button', { name: 'Quit group' }));
    fireEvent.click(within(patView.view.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await patView.toast('You have left the group')).toBeTruthy();
    await waitFor(() => expect(patView.view.getByText('No groups yet')).toBeTruthy());
    expect(patView.view.queryByRole('article')).toBeNull();
    cleanup();

    const olaView = renderContacts(ola);
    fireEvent.click(olaView.section(/My groups/));
    fireEvent.click(await olaView.view.findByRole('button', { name: /Buyers/ }));
    expect(olaView.card().queryByRole('button', { name: 'Quit group' })).toBeNull();
    fireEvent.click(olaView.card().getByRole('button', { name: 'Dismiss group' }));
    fireEvent.click(within(olaView.view.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await olaView.toast('Group dismissed')).toBeTruthy();
    await waitFor(() => expect(olaView.view.getByText('No groups yet')).toBeTruthy());
  });

  it('shows quit, not dismiss, to the owner of a Work group', async () => {
    const quinn = await person('gw-quinn', 'Quinn');
    await quinn.createGroup({ type: TYPES.GRP_WORK, name: 'Team', groupID: 'gw-team' });
    const { view, section, card } = renderContacts(quinn);
    fireEvent.click(section(/My groups/));
    fireEvent.click(await view.findByRole('button', { name: /Team/ }));
    expect(card().getByText('Friends work group (Work)')).toBeTruthy();
    expect(card().getByRole('button', { name: 'Quit group' })).toBeTruthy();
    expect(card().queryByRole('button', { name: 'Dismiss group' })).toBeNull();
  });
});

describe('layout, keyboard and languages', () => {
  it('on a phone shows the list, then the card alone with a back button', async () => {
    const rae = await person('ph-rae', 'Rae');
    const sam = await person('ph-sam', 'Sam');
    await friends(rae, sam);
    const { view, section } = renderContacts(rae, { isH5: true });
    expect(view.queryByRole('region', { name: 'Contact details' })).toBeNull();
    fireEvent.click(section(/My friends/));
    fireEvent.click(await view.findByRole('button', { name: /Sam/ }));
    expect(view.getByRole('navigation', { hidden: true }).closest('[hidden]')).not.toBeNull();
    fireEvent.click(view.getByRole('button', { name: 'Back' }));
    expect(view.queryByRole('article')).toBeNull();
    // The list is as it was left: the section still open.
    expect(section(/My friends/).getAttribute('aria-expanded')).toBe('true');
  });

  it('moves between section headers and rows with the arrow keys', async () => {
    const tom = await person('kb-tom', 'Tom');
    const uma = await person('kb-uma', 'Uma');
    await friends(tom, uma);
    const { view, section } = renderContacts(tom);
    fireEvent.click(section(/My friends/));
    const uma_ = await view.findByRole('button', { name: /Uma/ });
    section(/Friend applications/).focus();
    const nav = view.getByRole('navigation', { name: 'Contact list' });
    fireEvent.keyDown(nav, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(section(/My friends/));
    fireEvent.keyDown(nav, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(uma_);
    fireEvent.keyDown(nav, { key: 'End' });
    expect(document.activeElement).toBe(section(/Blocked list/));
    fireEvent.keyDown(nav, { key: 'Home' });
    expect(document.activeElement).toBe(section(/Friend applications/));
  });

  it('speaks Chinese: sections and toasts in zh-CN', async () => {
    const vic = await person('zh-vic', '维克');
    const wen = await person('zh-wen', '文');
    const { view, section, card, toast } = renderContacts(wen, { language: 'zh-CN' });
    await vic.addFriend({ to: 'zh-wen', source: 'AddSource_Type_Web' });
    await waitFor(() => expect(section(/好友申请/).textContent).toContain('1 条未读'));
    fireEvent.click(section(/好友申请/));
    fireEvent.click(await view.findByRole('button', { name: /维克/ }));
    fireEvent.click(card().getByRole('button', { name: '同意' }));
    expect(await toast('添加好友成功')).toBeTruthy();
    expect(section(/我的好友/)).toBeTruthy();
  });

  it('has no serious or critical accessibility violations, list and card', async () => {
    const xia = await person('ax-xia', 'Xia');
    const yan = await person('ax-yan', 'Yan');
    await friends(xia, yan);
    const { view, section, container } = renderContacts(xia);
    for (const name of [/Friend applications/, /My friends/, /My groups/, /Blocked list/])
      fireEvent.click(section(name));
    fireEvent.click(await view.findByRole('button', { name: /Yan/ }));
    await view.findByRole('switch');
    // jsdom lays nothing out and has no canvas, so contrast cannot be judged here.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(severe.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
