// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import { type ChatSDK, TYPES } from '@liaison/sdk';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConversationHeader } from '../conversations/ConversationHeader';
import { ToastHost } from '../core/toasts/ToastHost';
import { renderInKit } from '../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../test-support/test-server';

/**
 * Starting a conversation from the list's header (spec chat.md §4 "Create conversation"): the
 * select-friend dialog, never an internal ID typed by hand; a group goes on to its name, type and
 * optional ID. Against a real server and the real SDK.
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
  await chat.updateMyProfile({ nick, allowType: TYPES.ALLOW_TYPE_ALLOW_ANY });
  return chat;
}

/** `me` with these people as friends, each with their nick. */
async function withFriends(me: ChatSDK, others: ChatSDK[]): Promise<void> {
  for (const other of others) await me.addFriend({ to: other.getLoginUser(), source: 'AddSource_Type_Web' });
  await waitFor(async () => expect((await me.getFriendList()).data).toHaveLength(others.length));
}

function renderHeader(chat: ChatSDK, isH5 = false) {
  const onSelect = vi.fn();
  renderInKit(
    chat,
    <>
      <ConversationHeader onSelect={onSelect} />
      <ToastHost />
    </>,
    { isH5 },
  );
  return onSelect;
}

const dialog = () => within(screen.getByRole('dialog'));
const candidates = () => within(screen.getByRole('region', { name: 'People to choose from' }));
const chosen = () => within(screen.getByRole('region', { name: /^Selected/ }));

describe('start a one-to-one chat', () => {
  it('picks one friend with radio buttons and opens C2C + their ID; nothing chosen, nothing to start', async () => {
    const ada = await person('c2c-ada', 'Ada');
    await withFriends(ada, [await person('c2c-ben', 'Ben'), await person('c2c-cy', 'Cy')]);
    const onSelect = renderHeader(ada);
    fireEvent.click(screen.getByRole('button', { name: 'Start one-to-one chat' }));
    expect(dialog().getByRole('heading', { name: 'Start one-to-one chat' })).toBeTruthy();
    // The search box has focus; nothing asks for a user ID.
    expect(document.activeElement).toBe(dialog().getByRole('searchbox', { name: 'Search friends and users' }));
    expect(dialog().queryByLabelText(/user ID/i)).toBeNull();
    const start = dialog().getByRole('button', { name: 'Start chat' });
    expect((start as HTMLButtonElement).disabled).toBe(true);

    const ben = await candidates().findByRole('radio', { name: 'Ben' });
    fireEvent.click(candidates().getByRole('radio', { name: 'Cy' }));
    fireEvent.click(ben);
    expect((candidates().getByRole('radio', { name: 'Cy' }) as HTMLInputElement).checked).toBe(false);
    expect(chosen().getByText('Ben')).toBeTruthy();
    expect(chosen().queryByText('Cy')).toBeNull();
    fireEvent.click(start);
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith('C2Cc2c-ben'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(ada.conversationStore.get('C2Cc2c-ben')?.userProfile?.nick).toBe('Ben');
  });

  it('finds other users by nick, filters friends as typed, and says when no one is found', async () => {
    const dee = await person('c2c-dee', 'Dee');
    await withFriends(dee, [await person('c2c-eli', 'Eli Supplier')]);
    await person('c2c-fox', 'Fox Supplier');
    const onSelect = renderHeader(dee);
    fireEvent.click(screen.getByRole('button', { name: 'Start one-to-one chat' }));
    const box = dialog().getByRole('searchbox', { name: 'Search friends and users' });

    fireEvent.change(box, { target: { value: 'supplier' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const others = await candidates().findByRole('list', { name: 'Other users' });
    // The friend shows once, among friends, not again among other users.
    const friendsFound = candidates().getByRole('list', { name: 'Friends' });
    expect(
      within(friendsFound)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Eli Supplier']);
    expect(
      within(others)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Fox Supplier']);
    // Enter in the search box searched; it did not start anything.
    expect(onSelect).not.toHaveBeenCalled();

    fireEvent.change(box, { target: { value: 'nobody by this name' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await dialog().findByText('The user does not exist')).toBeTruthy();

    fireEvent.change(box, { target: { value: 'fox' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(await candidates().findByRole('radio', { name: 'Fox Supplier' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Start chat' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith('C2Cc2c-fox'));
  });

  it('keeps focus inside, closes on Escape, and has no serious accessibility violations', async () => {
    const gil = await person('c2c-gil', 'Gil');
    await withFriends(gil, [await person('c2c-hana', 'Hana')]);
    renderHeader(gil);
    const opener = screen.getByRole('button', { name: 'Start one-to-one chat' });
    opener.focus();
    fireEvent.click(opener);
    await candidates().findByRole('radio', { name: 'Hana' });
    const results = await axe.run(screen.getByRole('dialog'), { rules: { 'color-contrast': { enabled: false } } });
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);

    const cancel = dialog().getByRole('button', { name: 'Cancel' });
    const box = dialog().getByRole('searchbox');
    // The last enabled control is Cancel (Start chat is disabled): Tab from it wraps to the search box.
    cancel.focus();
    fireEvent.keyDown(cancel, { key: 'Tab' });
    expect(document.activeElement).toBe(box);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('start a group chat', () => {
  it('picks several friends, then needs a name, offers the types, and creates and opens the group', async () => {
    const ivo = await person('grp-ivo', 'Ivo');
    await withFriends(ivo, [
      await person('grp-jia', 'Jia'),
      await person('grp-kai', 'Kai'),
      await person('grp-lia', 'Lia'),
    ]);
    const onSelect = renderHeader(ivo, true);
    // On phones both ways to start sit behind one button.
    fireEvent.click(screen.getByRole('button', { name: 'Start conversation' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Start group chat' }));
    const next = dialog().getByRole('button', { name: 'Next' });
    expect((next as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(await candidates().findByRole('checkbox', { name: 'Jia' }));
    fireEvent.click(candidates().getByRole('checkbox', { name: 'Kai' }));
    fireEvent.click(candidates().getByRole('checkbox', { name: 'Lia' }));
    expect(chosen().getByRole('heading').textContent).toBe('Selected (3)');
    fireEvent.click(chosen().getByRole('button', { name: 'Remove Lia' }));
    expect((candidates().getByRole('checkbox', { name: 'Lia' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(next);

    expect(dialog().getByRole('heading', { name: 'Create group' })).toBeTruthy();
    expect(dialog().getByText('Members: Jia, Kai')).toBeTruthy();
    const create = dialog().getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    const name = dialog().getByLabelText('Group name');
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: '   ' } });
    expect(create.disabled).toBe(true);
    const types = dialog()
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.querySelector('.lc-create-group__type-name')?.textContent);
    expect(types).toEqual([
      'Friends work group (Work)',
      'Strangers social group (Public)',
      'Temporary meeting group (Meeting)',
      'Community (Community)',
      'Live group (AVChatRoom)',
    ]);
    // The group ID is optional, and not offered for Community (spec portal.md §5).
    fireEvent.click(dialog().getByRole('radio', { name: /Community \(Community\)/ }));
    expect(dialog().queryByLabelText('Group ID (optional)')).toBeNull();
    fireEvent.click(dialog().getByRole('radio', { name: /Strangers social group/ }));
    fireEvent.change(dialog().getByLabelText('Group ID (optional)'), { target: { value: 'grp-buyers' } });
    fireEvent.change(name, { target: { value: 'Buyers' } });
    expect(create.disabled).toBe(false);
    fireEvent.click(create);

    await waitFor(() => expect(onSelect).toHaveBeenCalledWith('GROUPgrp-buyers'));
    expect(await screen.findByText('Group created successfully')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const { data } = await ivo.getGroupMemberList({ groupID: 'grp-buyers', count: 100, offset: 0 });
    expect(data.memberList.map((m) => m.userID).sort()).toEqual(['grp-ivo', 'grp-jia', 'grp-kai']);
    const group = (await ivo.getGroupProfile({ groupID: 'grp-buyers' })).data.group;
    expect([group.name, group.type]).toEqual(['Buyers', TYPES.GRP_PUBLIC]);
    // At once in the conversation list, under its name.
    expect(ivo.conversationStore.get('GROUPgrp-buyers')?.groupProfile?.name).toBe('Buyers');
  });

  it('offers a Community, and only a Community, the choice to support topics, and creates it so', async () => {
    const mo = await person('tpc-mo', 'Mo');
    await withFriends(mo, [await person('tpc-nia', 'Nia')]);
    const onSelect = renderHeader(mo);
    fireEvent.click(screen.getByRole('button', { name: 'Start group chat' }));
    fireEvent.click(await candidates().findByRole('checkbox', { name: 'Nia' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Next' }));
    expect(dialog().queryByRole('checkbox', { name: 'Supports topics' })).toBeNull();
    fireEvent.click(dialog().getByRole('radio', { name: /Community \(Community\)/ }));
    const topics = dialog().getByRole('checkbox', { name: 'Supports topics' }) as HTMLInputElement;
    expect(topics.checked).toBe(false);
    fireEvent.click(topics);
    fireEvent.change(dialog().getByLabelText('Group name'), { target: { value: 'Trail club' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onSelect).toHaveBeenCalledOnce());
    const [community] = (await mo.getJoinedCommunityList()).data.groupList;
    expect(community?.name).toBe('Trail club');
    expect(onSelect).toHaveBeenCalledWith(`GROUP${community?.groupID}`);
  });

  it('shows why a group cannot be created, keeps the form, and goes back to the picker', async () => {
    const mo = await person('grp-mo', 'Mo');
    await withFriends(mo, [await person('grp-nia', 'Nia')]);
    await mo.createGroup({ type: TYPES.GRP_WORK, name: 'Taken', groupID: 'grp-taken' });
    const onSelect = renderHeader(mo);
    fireEvent.click(screen.getByRole('button', { name: 'Start group chat' }));
    fireEvent.click(await candidates().findByRole('checkbox', { name: 'Nia' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Next' }));
    fireEvent.change(dialog().getByLabelText('Group name'), { target: { value: 'Again' } });
    fireEvent.change(dialog().getByLabelText('Group ID (optional)'), { target: { value: 'grp-taken' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The group ID is already in use')).toBeTruthy();
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.click(dialog().getByRole('button', { name: 'Back' }));
    expect((candidates().getByRole('checkbox', { name: 'Nia' }) as HTMLInputElement).checked).toBe(true);
  });
});
