// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import type { EnterpriseProfile, ViewRecord } from '@liaison/protocol';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Page } from '../api/page';
import { AppProviders } from '../app/AppProviders';
import { libraryPage } from '../test/abilities';
import { withPortalServer } from '../test/portal-server';
import { CompanyMainPage } from './CompanyMainPage';

const portal = withPortalServer();

async function renderCompanyOf(ownerLogin: string, readerLogin: string) {
  const owner = await portal.login(ownerLogin);
  const ownerId = (await portal.person(owner)).userId;
  const reader = await portal.login(readerLogin);
  await portal.enterSession(reader);
  const router = createMemoryRouter(
    [
      { path: '/companyMainPage', Component: CompanyMainPage },
      { path: '/manageCenter/message', element: <p>消息中心</p> },
    ],
    { initialEntries: [`/companyMainPage?id=${ownerId}`] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { owner, ownerId, reader, router };
}

describe('企业主页', () => {
  it('shows the profile and the enterprise’s abilities, and counts the visit for the enterprise', async () => {
    const { owner, ownerId, reader } = await renderCompanyOf('lina', 'zhangwei');
    const profile = (await reader.call<EnterpriseProfile>('GET', `/portal/supply/chain/extend/info/${ownerId}`))
      .data as EnterpriseProfile;

    expect(await screen.findByRole('heading', { level: 1, name: profile.enterpriseName })).toBeTruthy();
    const abilities = await libraryPage(portal, { ownerId }, 1, 6);
    const list = await screen.findByRole('list', { name: '企业能力列表' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(abilities.rows.map((row) => row.productName));
    if (profile.address) expect(screen.getByText(profile.address)).toBeTruthy();
    for (const segment of profile.segments) {
      expect(screen.getByRole('link', { name: new RegExp(segment.segmentName) }).getAttribute('href')).toBe(
        `/industry?chainId=${segment.chainId}`,
      );
    }

    const views = await owner.call<Page<ViewRecord>>('GET', '/portal/self/center/view/me/info?pageNum=1&pageSize=5');
    const zhangwei = await portal.person(reader);
    expect(views.data?.rows.filter((row) => row.viewerId === zhangwei.userId && row.productId === null)).not.toEqual(
      [],
    );
  });

  it('opens the chat with the enterprise from 在线沟通', async () => {
    const { ownerId, router } = await renderCompanyOf('lina', 'zhangwei');
    fireEvent.click(await screen.findByRole('button', { name: '在线沟通' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manageCenter/message'));
    expect(new URLSearchParams(router.state.location.search).get('conversationID')).toBe(`C2C${ownerId}`);
  });

  it('tells the enterprise it is looking at its own page instead of offering to follow it', async () => {
    await renderCompanyOf('lina', 'lina');
    expect(await screen.findByText(/这是本企业的主页/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '在线沟通' })).toBeNull();
  });
});
