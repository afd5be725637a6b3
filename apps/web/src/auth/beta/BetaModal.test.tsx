// @vitest-environment jsdom
import '../../test/dom';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Person } from '../../api/types';
import { AppProviders } from '../../app/AppProviders';
import { fakeApi, ok } from '../../test/fake-api';
import { sessionStore, setBetaModalOpen } from '../session-store';
import { BetaModal } from './BetaModal';

function renderModal(betaStatus: boolean | null) {
  sessionStore.update({ loginStatus: true, user: { token: 'tok' }, person: { userId: 'u1', betaStatus } as Person });
  render(
    <AppProviders>
      <BetaModal />
    </AppProviders>,
  );
  act(() => setBetaModalOpen(true));
}

describe('the beta modal', () => {
  it('tells a user who never applied that features open gradually', () => {
    fakeApi({});
    renderModal(null);
    expect(screen.getByText('功能逐步开放中，敬请期待')).toBeTruthy();
    expect(screen.getByRole('button', { name: '申请内测' })).toBeTruthy();
  });

  it('tells a user who applied that the application awaits review', () => {
    fakeApi({});
    renderModal(false);
    expect(screen.getByText('已申请内测，等待审核')).toBeTruthy();
  });

  it('applies, toasts, and fetches the person again so the modal shows the application', async () => {
    const calls = fakeApi({
      'GET /portal/supply/chain/apply/beta': ok(true, '申请成功，请等待审核'),
      'GET /portal/self/center/info': ok({ userId: 'u1', betaStatus: false }),
    });
    renderModal(null);
    fireEvent.click(screen.getByRole('button', { name: '申请内测' }));
    expect(await screen.findByText('申请成功，请等待审核')).toBeTruthy();
    expect(await screen.findByText('已申请内测，等待审核')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/portal/supply/chain/apply/beta', '/portal/self/center/info']);
  });

  it('does not fetch the person again when the application returns no data', async () => {
    const calls = fakeApi({ 'GET /portal/supply/chain/apply/beta': ok(null, '申请成功，请等待审核') });
    renderModal(null);
    fireEvent.click(screen.getByRole('button', { name: '申请内测' }));
    expect(await screen.findByText('申请成功，请等待审核')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/portal/supply/chain/apply/beta']);
  });

  it('closes with the return button', async () => {
    fakeApi({});
    renderModal(null);
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(sessionStore.getState().betaModalOpen).toBe(false);
  });
});
