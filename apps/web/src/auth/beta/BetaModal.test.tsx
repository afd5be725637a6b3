// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { sessionStore, setBetaModalOpen } from '../../session/session-store';
import { type PortalClient, withPortalServer } from '../../test/portal-server';
import { BetaModal } from './BetaModal';

const portal = withPortalServer();

/** Logs `who` in (a new account, never applied, when not given) and opens the modal. */
async function renderModal(who?: Promise<PortalClient>) {
  await portal.enterSession(await (who ?? portal.register()));
  portal.calls.length = 0;
  render(
    <AppProviders>
      <BetaModal />
    </AppProviders>,
  );
  act(() => setBetaModalOpen(true));
}

describe('the beta modal', () => {
  it('tells a user who never applied that features open gradually', async () => {
    await renderModal();
    expect(screen.getByText('功能逐步开放中，敬请期待')).toBeTruthy();
    expect(screen.getByRole('button', { name: '申请内测' })).toBeTruthy();
  });

  it('tells a user who applied that the application awaits review, and offers no second application', async () => {
    await renderModal(portal.login('wangfang'));
    expect(screen.getByText('已申请内测，等待审核')).toBeTruthy();
    expect(screen.getByRole('button', { name: '已申请' }).hasAttribute('disabled')).toBe(true);
  });

  it('applies, toasts, and fetches the person again so the modal shows the application', async () => {
    await renderModal();
    fireEvent.click(screen.getByRole('button', { name: '申请内测' }));
    expect(await screen.findByText('申请成功，请等待审核')).toBeTruthy();
    expect(await screen.findByText('已申请内测，等待审核')).toBeTruthy();
    // The name may keep the spinner's label: jsdom never ends its leave motion.
    expect(screen.getByRole('button', { name: /^(loading )?已申请$/ }).hasAttribute('disabled')).toBe(true);
    const asked = portal.calls.map((c) => c.path).filter((path) => path !== '/portal/supply/chain/beta/review');
    expect(asked).toEqual(['/portal/supply/chain/apply/beta', '/portal/self/center/info']);
    expect(sessionStore.getState().person?.betaStatus).toBe(false);
  });

  it('tells a user whose application was rejected the reason the admin gave', async () => {
    const who = await portal.register();
    expect((await who.call('GET', '/portal/supply/chain/apply/beta')).code).toBe(200);
    const { userId } = await portal.person(who);
    const admin = await portal.login('admin');
    const rejected = await admin.call('POST', `/system/review/beta/${userId}`, { approve: false, reason: '名额已满' });
    expect(rejected.code, rejected.msg).toBe(200);
    await renderModal(Promise.resolve(who));
    expect(await screen.findByText('上次内测申请未通过：名额已满')).toBeTruthy();
    expect(screen.getByText('功能逐步开放中，敬请期待')).toBeTruthy();
  });

  it('closes with the return button', async () => {
    await renderModal();
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(sessionStore.getState().betaModalOpen).toBe(false);
  });
});
