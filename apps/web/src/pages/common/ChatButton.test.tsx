// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { BetaModal } from '../../auth/beta/BetaModal';
import { type PortalClient, verifyRealName, withPortalServer } from '../../test/portal-server';
import { ChatButton } from './ChatButton';

const portal = withPortalServer();

const CONNECT = '/portal/supply/chain/apply/cooperation/connect';

/** An enterprise's page with its 在线沟通, as `reader` sees it (the beta modal is the shell's). */
async function renderChatButtonFor(reader: PortalClient) {
  const owner = await portal.login('lina');
  const ownerId = (await portal.person(owner)).userId;
  await portal.enterSession(reader);
  const router = createMemoryRouter(
    [
      { path: '/companyMainPage', element: <ChatButton target={{ userId: ownerId }} /> },
      { path: '/manageCenter/message', element: <p>消息中心</p> },
    ],
    { initialEntries: [`/companyMainPage?id=${ownerId}`] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
      <BetaModal />
    </AppProviders>,
  );
  return { ownerId, router };
}

/** A verified person with the AI permission (spec §4 aiStatus) who never applied for the beta. */
async function aiOnlyUser(): Promise<PortalClient> {
  const who = await portal.register();
  await verifyRealName(who);
  const { userId } = await portal.person(who);
  await portal.server().db.query('UPDATE portal_accounts SET ai_status = true WHERE user_id = $1', [userId]);
  return who;
}

describe('在线沟通', () => {
  it('offers a user with only the AI permission the beta instead of the message centre, recording no contact', async () => {
    const { router } = await renderChatButtonFor(await aiOnlyUser());
    fireEvent.click(await screen.findByRole('button', { name: '在线沟通' }));

    const modal = await screen.findByRole('dialog', { name: '内测功能' });
    expect(within(modal).getByText('功能逐步开放中，敬请期待')).toBeTruthy();
    expect(within(modal).getByRole('button', { name: '申请内测' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/companyMainPage');
    expect(portal.calls.map((call) => call.path)).not.toContain(CONNECT);
  });

  it('opens the chat with the enterprise for a beta user', async () => {
    const { ownerId, router } = await renderChatButtonFor(await portal.login('zhangwei'));
    fireEvent.click(await screen.findByRole('button', { name: '在线沟通' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/manageCenter/message'));
    expect(new URLSearchParams(router.state.location.search).get('conversationID')).toBe(`C2C${ownerId}`);
    expect(screen.queryByRole('dialog', { name: '内测功能' })).toBeNull();
  });
});
