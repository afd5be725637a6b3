// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { type LoginMode, openLoginModal } from '../../session/session-store';
import { withPortalServer } from '../../test/portal-server';
import { LoginModal } from './LoginModal';

/** A server with PORTAL_SMS_LOGIN=0: the modal offers account login only. */
const portal = withPortalServer({ smsLogin: false });

/** Opens the modal and waits for its captcha, so no request is left open. */
async function renderModal(mode: LoginMode) {
  render(
    <AppProviders>
      <LoginModal />
    </AppProviders>,
  );
  act(() => openLoginModal(mode));
  await waitFor(() => expect(answered('/portal/verify/code/arithmetic')).toBe(true));
  await screen.findByAltText('图形验证码');
}

function answered(path: string): boolean {
  return portal.calls.some((c) => c.path === path && c.answer);
}

describe('the login modal with SMS login switched off', () => {
  it('shows account login only: no SMS tab, no registration', async () => {
    await renderModal('account');
    expect(screen.getByRole('dialog', { name: '用户登录' })).toBeTruthy();
    // The settings are fetched once per page, here for the first time.
    await waitFor(() => expect(answered('/portal/client/config')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('tab', { name: '短信登录' })).toBeNull());
    expect(screen.getByRole('tab', { name: '账号登录', selected: true })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '没有账号？立即注册' })).toBeNull();
  });

  it('opens account login when asked for registration', async () => {
    await renderModal('register');
    await waitFor(() => expect(screen.getByRole('dialog', { name: '用户登录' })).toBeTruthy());
    expect(screen.queryByLabelText('确认密码')).toBeNull();
    expect(screen.getByLabelText('账号')).toBeTruthy();
  });
});
