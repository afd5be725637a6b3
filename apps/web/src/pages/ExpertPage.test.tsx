// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import type { ExpertDetail, ExpertSummary } from '@liaison/protocol';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Page } from '../api/page';
import { AppProviders } from '../app/AppProviders';
import { closeLoginModal, sessionStore } from '../session/session-store';
import { withPortalServer } from '../test/portal-server';
import { ExpertDetailPage } from './ExpertDetailPage';
import { ExpertPage } from './ExpertPage';

const portal = withPortalServer();

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/expert', Component: ExpertPage },
      { path: '/expertDetail', Component: ExpertDetailPage },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const search = (router: ReturnType<typeof renderAt>) => new URLSearchParams(router.state.location.search);
const shownNames = () =>
  within(screen.getByRole('list', { name: '专家列表' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

async function experts(query: string): Promise<ExpertSummary[]> {
  const answer = await portal.client().call<Page<ExpertSummary>>('GET', `/portal/expert/list?pageSize=12&${query}`);
  return answer.data?.rows ?? [];
}

describe('专家库', () => {
  it('keeps the field and keyword in the address and lists the experts the server finds', async () => {
    const everyone = await experts('');
    const router = renderAt('/expert');
    await waitFor(() => expect(shownNames()).toEqual(everyone.map((e) => e.name)));

    fireEvent.click(screen.getByRole('radio', { name: '检验检测' }));
    await waitFor(() => expect(search(router).get('field')).toBe('检验检测'));
    const testers = await experts(`field=${encodeURIComponent('检验检测')}`);
    expect(testers.length).toBeGreaterThan(0);
    await waitFor(() => expect(shownNames()).toEqual(testers.map((e) => e.name)));

    fireEvent.click(screen.getByRole('radio', { name: '全部' }));
    const wanted = everyone[1] as ExpertSummary;
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索专家' }), { target: { value: ` ${wanted.name} ` } });
    fireEvent.click(screen.getByRole('button', { name: /搜索/ }));
    await waitFor(() => expect(search(router).get('keyword')).toBe(wanted.name));
    expect(search(router).get('field')).toBeNull();
    await waitFor(() => expect(shownNames()).toEqual([wanted.name]));
    expect(
      within(screen.getByRole('list', { name: '专家列表' }))
        .getByRole('link')
        .getAttribute('href'),
    ).toBe(`/expertDetail?id=${wanted.id}`);

    await act(() =>
      router.navigate(`/expert?field=${encodeURIComponent('检验检测')}&keyword=${encodeURIComponent(wanted.name)}`),
    );
    expect(await screen.findByText('没有符合条件的专家，换个领域或关键词试试')).toBeTruthy();
  });

  it('asks a visitor to log in for the contact and for the chat', async () => {
    const expert = await expertWithAccount();
    renderAt(`/expertDetail?id=${expert.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: expert.name })).toBeTruthy();
    expect(screen.queryByText(expert.contact?.phone ?? '')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '登录后查看联系方式' }));
    expect(sessionStore.getState().loginModal.open).toBe(true);

    closeLoginModal();
    fireEvent.click(screen.getByRole('button', { name: '在线沟通' }));
    expect(sessionStore.getState().loginModal.open).toBe(true);
  });

  it('shows a logged-in reader the contact and a chat with the expert', async () => {
    const expert = await expertWithAccount();
    await portal.enterSession(await portal.login('zhangwei'));
    renderAt(`/expertDetail?id=${expert.id}`);
    const contact = await screen.findByRole('region', { name: '联系方式' });
    const phone = await within(contact).findByRole('link', { name: expert.contact?.phone });
    expect(phone.getAttribute('href')).toBe(`tel:${expert.contact?.phone}`);
    expect(within(contact).getByRole('link', { name: expert.contact?.email }).getAttribute('href')).toBe(
      `mailto:${expert.contact?.email}`,
    );
    expect(screen.getByRole('link', { name: '在线沟通' }).getAttribute('href')).toBe(
      `/manageCenter/message?conversationID=${encodeURIComponent(`C2C${expert.userId}`)}`,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      expect.arrayContaining(expert.achievements),
    );
  });
});

/** The demo expert who has a portal account, with the contact a logged-in reader gets. */
async function expertWithAccount(): Promise<ExpertDetail> {
  const reader = await portal.login('lina');
  for (const expert of await experts('pageNum=1')) {
    const detail = (await reader.call<ExpertDetail>('GET', `/portal/expert/${expert.id}`)).data;
    if (detail?.userId && detail.contact) return detail;
  }
  throw new Error('no demo expert with a portal account');
}
