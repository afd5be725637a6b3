// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import type { ChatSDK } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToastHost } from '../core/toasts/ToastHost';
import { ChatWindow } from '../shell/ChatWindow';
import { renderInKit } from '../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../test-support/test-server';

/**
 * The group panel against a real server (spec portal.md §2 "Group screens", §6 "Group roles",
 * §8 toasts; chat.md §2, §6): what each role is offered, what the server does with it, and what
 * the other members see (the mute text, the leaving notices).
 */
let server: TestServer;
let owner: ChatSDK;
let ben: ChatSDK;
let cat: ChatSDK;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.connect('gp-owner');
  ben = await server.connect('gp-ben');
  cat = await server.connect('gp-cat');
  await owner.updateMyProfile({ nick: 'Olga' });
  await ben.updateMyProfile({ nick: 'Ben' });
  await cat.updateMyProfile({ nick: 'Cat' });
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

let serial = 0;
/** A new Public group of the owner, Ben and Cat. */
async function publicGroup(): Promise<string> {
  const groupID = `gp-${++serial}`;
  await owner.createGroup({
    type: 'Public',
    name: `Panel ${serial}`,
    groupID,
    memberList: [{ userID: 'gp-ben' }, { userID: 'gp-cat' }],
  });
  return groupID;
}

function chatOf(chat: ChatSDK, groupID: string) {
  return renderInKit(
    chat,
    <>
      <ChatWindow conversationID={`GROUP${groupID}`} onBack={() => undefined} />
      <ToastHost />
    </>,
  );
}

async function openPanel(root: HTMLElement = document.body) {
  const button = await within(root).findByRole('button', { name: 'Group settings' });
  // A click focuses the button in a browser; jsdom's does not.
  button.focus();
  fireEvent.click(button);
  return within(root).getByRole('dialog', { name: 'Group settings' });
}

async function toast(text: string | RegExp) {
  await waitFor(() => expect(screen.getAllByText(text).some((el) => el.closest('.lc-toasts'))).toBe(true));
}

describe('the group panel', () => {
  it('opens from the chat header with the five tabs, the group created tip in the chat, and closes with Escape', async () => {
    const groupID = await publicGroup();
    chatOf(owner, groupID);
    expect(await screen.findByText('Olga created the group')).toBeTruthy();
    const panel = await openPanel();
    const tabs = within(within(panel).getByRole('tablist', { name: 'Group settings sections' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Group', 'Members', 'Member', 'Notice', 'Management']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    // Arrow keys move between the tabs.
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'ArrowRight' });
    expect(within(panel).getByRole('tab', { name: 'Members' }).getAttribute('aria-selected')).toBe('true');
    expect(await within(panel).findByRole('button', { name: /^Ben/ })).toBeTruthy();
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Group settings' })).toBeNull();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Group settings');
  });

  it('previews the members with the remove tile for the owner of a Public group, and no add tile', async () => {
    const groupID = await publicGroup();
    chatOf(owner, groupID);
    const panel = await openPanel();
    const preview = within(panel).getByRole('region', { name: 'Members' });
    await waitFor(() => expect(within(preview).getAllByRole('button', { name: /^Open / })).toHaveLength(3));
    expect(within(preview).getByRole('button', { name: 'Remove members' })).toBeTruthy();
    expect(within(preview).queryByRole('button', { name: 'Add members' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Dismiss group' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Quit group' })).toBeNull();
  });

  it('renames the group with the spec’s toasts: an empty name is refused, a new one is shown to the members', async () => {
    const groupID = await publicGroup();
    chatOf(owner, groupID);
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit Group name' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Group name' });
    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await toast('Group name cannot be empty');
    fireEvent.change(within(dialog).getByLabelText('Group name'), { target: { value: '采购三组' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await toast('Group name changed successfully');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Group name' })).toBeNull());
    await waitFor(async () => {
      const { data } = await ben.getGroupProfile({ groupID });
      expect(data.group.name).toBe('采购三组');
    });
  });

  it('refuses a notice over 150 characters with the spec’s toast and saves a shorter one', async () => {
    const groupID = await publicGroup();
    chatOf(owner, groupID);
    const panel = await openPanel();
    fireEvent.click(within(panel).getByRole('tab', { name: 'Notice' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit Group notice' }));
    const field = within(panel).getByRole('textbox', { name: 'Group notice' });
    fireEvent.change(field, { target: { value: '公'.repeat(151) } });
    expect(within(panel).getByText('151/150')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await toast('Group notice exceeds the limit, max length 150');
    fireEvent.change(field, { target: { value: '周五前提交报价' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('周五前提交报价')).toBeTruthy();
    const { data } = await cat.getGroupProfile({ groupID });
    expect(data.group.notification).toBe('周五前提交报价');
  });

  it('mutes a member for 10 minutes: they see the mute text instead of the editor, and get it back when it is cancelled', async () => {
    const groupID = await publicGroup();
    const mine = chatOf(owner, groupID);
    const bens = chatOf(ben, groupID);
    expect(await within(bens.container).findByRole('textbox', { name: 'Message input' })).toBeTruthy();
    const panel = await openPanel(mine.container);
    fireEvent.click(within(panel).getByRole('tab', { name: 'Members' }));
    fireEvent.click(await within(panel).findByRole('button', { name: /^Ben/ }));
    fireEvent.click(await within(panel).findByRole('button', { name: 'Mute' }));
    const picker = screen.getByRole('dialog', { name: 'Mute Ben' });
    expect(within(picker).getByRole('radio', { name: '10 minutes' })).toHaveProperty('checked', true);
    fireEvent.click(within(picker).getByRole('button', { name: 'Mute' }));
    await toast('Mute set successfully');

    await waitFor(() => expect(within(bens.container).getByText('You have been muted by the admin')).toBeTruthy());
    expect(within(bens.container).queryByRole('textbox', { name: 'Message input' })).toBeNull();
    expect(within(bens.container).queryByRole('button', { name: 'Send' })).toBeNull();
    expect(await within(panel).findByText('Muted')).toBeTruthy();

    fireEvent.click(await within(panel).findByRole('button', { name: 'Cancel mute' }));
    await toast('Mute cancelled');
    await waitFor(() => expect(within(bens.container).queryByText('You have been muted by the admin')).toBeNull());
    expect(within(bens.container).getByRole('textbox', { name: 'Message input' })).toBeTruthy();
  });

  it('lifts a mute by itself when it runs out', async () => {
    const groupID = await publicGroup();
    await owner.setGroupMemberMuteTime({ groupID, userID: 'gp-cat', muteTime: 2 });
    const cats = chatOf(cat, groupID);
    expect(await within(cats.container).findByText('You have been muted by the admin')).toBeTruthy();
    await waitFor(() => expect(within(cats.container).getByRole('textbox', { name: 'Message input' })).toBeTruthy(), {
      timeout: 6_000,
    });
  });

  it('mute-all silences plain members with the spec’s text, never the owner, until it is switched off', async () => {
    const groupID = await publicGroup();
    const mine = chatOf(owner, groupID);
    const bens = chatOf(ben, groupID);
    const panel = await openPanel(mine.container);
    fireEvent.click(within(panel).getByRole('tab', { name: 'Management' }));
    const toggle = within(panel).getByRole('switch', { name: 'Mute all members' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    await waitFor(() =>
      expect(
        within(bens.container).getByText('All members are muted: only the owner and admins may speak'),
      ).toBeTruthy(),
    );
    expect(within(mine.container).getByRole('textbox', { name: 'Message input' })).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(within(bens.container).getByRole('textbox', { name: 'Message input' })).toBeTruthy());
  });

  it('makes a member admin, and the new admin gets the management tab but no dismiss', async () => {
    const groupID = await publicGroup();
    const mine = chatOf(owner, groupID);
    const panel = await openPanel(mine.container);
    fireEvent.click(within(panel).getByRole('tab', { name: 'Members' }));
    fireEvent.click(await within(panel).findByRole('button', { name: /^Cat/ }));
    fireEvent.click(await within(panel).findByRole('button', { name: 'Make admin' }));
    await toast('Cat is now an admin');
    expect(await within(panel).findByRole('button', { name: 'Remove admin' })).toBeTruthy();
    cleanup();

    chatOf(cat, groupID);
    const catPanel = await openPanel();
    await waitFor(() => expect(within(catPanel).getByRole('tab', { name: 'Management' })).toBeTruthy());
    expect(within(catPanel).queryByRole('button', { name: 'Dismiss group' })).toBeNull();
    expect(within(catPanel).getByRole('button', { name: 'Quit group' })).toBeTruthy();
    expect(within(catPanel).queryByRole('button', { name: 'Remove members' })).toBeNull();
  });

  it('offers a plain member no management, no tiles and quit; quitting shows ‘You have left the group’', async () => {
    const groupID = await publicGroup();
    const bens = chatOf(ben, groupID);
    const panel = await openPanel();
    await waitFor(() => expect(within(panel).getAllByRole('button', { name: /^Open / }).length).toBeGreaterThan(0));
    expect(within(panel).queryByRole('tab', { name: 'Management' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Remove members' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Edit Group name' })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Quit group' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Quit group' })).getByRole('button', { name: 'Confirm' }),
    );
    await toast('You have left the group');
    await waitFor(() =>
      expect(bens.container.querySelector('.lc-chat__left')?.textContent).toBe('You have left the group'),
    );
    expect(screen.queryByRole('dialog', { name: 'Group settings' })).toBeNull();
    expect(within(bens.container).queryByRole('button', { name: 'Group settings' })).toBeNull();
  });

  it('removes a member through the remove tile: they see ‘You have been removed from the group’ at once', async () => {
    const groupID = await publicGroup();
    chatOf(owner, groupID);
    const cats = chatOf(cat, groupID);
    expect(await within(cats.container).findByRole('textbox', { name: 'Message input' })).toBeTruthy();
    const panel = await openPanel(document.body.firstElementChild as HTMLElement);
    fireEvent.click(await within(panel).findByRole('button', { name: 'Remove members' }));
    const picker = screen.getByRole('dialog', { name: 'Remove members' });
    fireEvent.click(await within(picker).findByRole('checkbox', { name: /Cat/ }));
    // The owner is never offered: nobody removes themselves.
    expect(within(picker).queryByRole('checkbox', { name: /Olga/ })).toBeNull();
    fireEvent.click(within(picker).getByRole('button', { name: 'Confirm' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Remove members' })).getByRole('button', { name: 'Confirm' }),
    );
    await toast('Members removed');
    await waitFor(() => expect(within(cats.container).getByText('You have been removed from the group')).toBeTruthy());
  });

  it('lets any member of a Work group add a friend through the add tile, and nobody remove or mute there', async () => {
    const dan = await server.connect('gp-dan');
    await dan.updateMyProfile({ nick: 'Dan', allowType: 'AllowType_Type_AllowAny' });
    await ben.addFriend({ to: 'gp-dan', source: 'AddSource_Type_Web', type: 'Add_Type_Both' });
    const groupID = `gp-work-${++serial}`;
    await owner.createGroup({ type: 'Private', name: 'Work', groupID, memberList: [{ userID: 'gp-ben' }] });
    chatOf(ben, groupID);
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Add members' }));
    const picker = screen.getByRole('dialog', { name: 'Add members' });
    fireEvent.click(await within(picker).findByRole('checkbox', { name: /Dan/ }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Confirm' }));
    await toast('Members added');
    const { data } = await owner.getGroupMemberList({ groupID });
    expect(data.memberList.map((m) => m.userID)).toContain('gp-dan');
    // A member of a Work group quits; there is no management tab, no remove tile.
    expect(within(panel).queryByRole('tab', { name: 'Management' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Remove members' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Quit group' })).toBeTruthy();
  });

  it('says ‘User not in group’ for an ID searched in the remove dialog that is not a member', async () => {
    const groupID = await publicGroup();
    chatOf(owner, groupID);
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Remove members' }));
    const picker = screen.getByRole('dialog', { name: 'Remove members' });
    const search = within(picker).getByRole('searchbox', { name: 'Search members by nickname or ID' });
    fireEvent.change(search, { target: { value: 'gp-nobody' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await toast('User not in group');
    fireEvent.change(search, { target: { value: 'gp-c' } });
    expect(
      within(picker)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Cat']);
  });

  it('transfers ownership and the new owner dismisses: the others see ‘The group has been dismissed’', async () => {
    const groupID = await publicGroup();
    const mine = chatOf(owner, groupID);
    const panel = await openPanel(mine.container);
    fireEvent.click(within(panel).getByRole('button', { name: 'Transfer ownership' }));
    const picker = screen.getByRole('dialog', { name: 'Choose the new owner' });
    fireEvent.click(await within(picker).findByRole('radio', { name: /Ben/ }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Confirm' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Transfer ownership' })).getByRole('button', { name: 'Confirm' }),
    );
    await toast('Ben is now the group owner');
    // The tip names both by their nicks, never by ID.
    expect(await within(mine.container).findByText('Olga made Ben the group owner')).toBeTruthy();
    // Now a member: quit instead of dismiss.
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Quit group' })).toBeTruthy());
    cleanup();

    const olgas = chatOf(owner, groupID);
    const bens = chatOf(ben, groupID);
    const benPanel = await openPanel(bens.container);
    fireEvent.click(await within(benPanel).findByRole('button', { name: 'Dismiss group' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Dismiss group' })).getByRole('button', { name: 'Confirm' }),
    );
    await toast('Group dismissed successfully');
    await waitFor(() => expect(within(olgas.container).getByText('The group has been dismissed')).toBeTruthy());
    await act(async () => undefined);
    expect(within(bens.container).getByText('The group has been dismissed')).toBeTruthy();
  });
});
