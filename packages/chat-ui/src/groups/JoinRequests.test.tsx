// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import type { ChatSDK } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HIDE_DELAY_MS } from '../common/use-delayed-close';
import { ToastHost } from '../core/toasts/ToastHost';
import { ChatWindow } from '../shell/ChatWindow';
import { renderInKit } from '../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../test-support/test-server';

/**
 * Join requests in the chat (spec chat.md §2 banner and drawer, §4 "Group join requests in chat"):
 * the owner sees how many wait and handles them in a drawer; a handled one leaves after 150 ms,
 * the drawer closes when none is left; new requests show as they come (group system notices).
 */
let server: TestServer;
let owner: ChatSDK;
let member: ChatSDK;
let dan: ChatSDK;
let eve: ChatSDK;
const GROUP = 'jr-1';

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.connect('jr-owner');
  member = await server.connect('jr-member');
  dan = await server.connect('jr-dan');
  eve = await server.connect('jr-eve');
  await dan.updateMyProfile({ nick: 'Dan' });
  await eve.updateMyProfile({ nick: 'Eve' });
  await owner.createGroup({
    type: 'Public',
    name: 'Suppliers',
    groupID: GROUP,
    joinOption: 'NeedPermission',
    memberList: [{ userID: 'jr-member' }],
  });
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

function chatOf(chat: ChatSDK, options: { isH5?: boolean } = {}) {
  return renderInKit(
    chat,
    <>
      <ChatWindow conversationID={`GROUP${GROUP}`} onBack={() => undefined} />
      <ToastHost />
    </>,
    options,
  );
}

describe('join requests in the chat', () => {
  it('shows the owner the count as requests come, and lets them agree and reject in the drawer', async () => {
    chatOf(owner);
    await screen.findByRole('button', { name: 'Group settings' });
    expect(screen.queryByText(/join request/)).toBeNull();

    const { data } = await dan.joinGroup({ groupID: GROUP, applyMessage: '我是华东区的供应商' });
    expect(data.status).toBe('WaitAdminApproval');
    expect(await screen.findByText('1 join request is waiting')).toBeTruthy();
    await eve.joinGroup({ groupID: GROUP, applyMessage: '' });
    expect(await screen.findByText('2 join requests are waiting')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Handle' }));
    const drawer = screen.getByRole('dialog', { name: 'Join requests' });
    expect(within(drawer).getByText('Note: 我是华东区的供应商')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Agree to Dan joining' }));
    expect(await within(drawer).findByText('Handled')).toBeTruthy();
    // Marked handled at once, gone 150 ms later, and the count follows.
    await act(() => new Promise((resolve) => setTimeout(resolve, HIDE_DELAY_MS + 50)));
    expect(within(drawer).queryByText('Dan')).toBeNull();
    expect(screen.getByText('1 join request is waiting')).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Reject Eve' }));
    // The last one handled: the drawer closes, and the banner goes.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Join requests' })).toBeNull());
    expect(screen.queryByText(/join request/)).toBeNull();

    const members = await owner.getGroupMemberList({ groupID: GROUP });
    expect(members.data.memberList.map((m) => m.userID)).toContain('jr-dan');
    expect(members.data.memberList.map((m) => m.userID)).not.toContain('jr-eve');
    const { data: dans } = await dan.getGroupList();
    expect(dans.groupList.map((g) => g.groupID)).toContain(GROUP);
  });

  it('shows no banner to a plain member', async () => {
    await eve.joinGroup({ groupID: GROUP, applyMessage: 'again' });
    chatOf(member);
    await screen.findByRole('button', { name: 'Group settings' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByText(/join request/)).toBeNull();
  });

  it('opens the drawer from the bottom on phones, and Escape closes it', async () => {
    chatOf(owner, { isH5: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Handle' }));
    const drawer = screen.getByRole('dialog', { name: 'Join requests' });
    expect(drawer.className).toContain('lc-join-drawer--h5');
    fireEvent.keyDown(within(drawer).getByRole('button', { name: 'Agree to Eve joining' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Join requests' })).toBeNull());
    expect(screen.getByText('1 join request is waiting')).toBeTruthy();
  });
});
