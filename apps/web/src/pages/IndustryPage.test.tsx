// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import type { IndustryChain, IndustryMember } from '@liaison/protocol';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Page } from '../api/page';
import { AppProviders } from '../app/AppProviders';
import { withPortalServer } from '../test/portal-server';
import { IndustryPage } from './IndustryPage';

const portal = withPortalServer();

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/industry', Component: IndustryPage }], { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const search = (router: ReturnType<typeof renderAt>) => new URLSearchParams(router.state.location.search);

async function publicCall<T>(url: string): Promise<T> {
  const answer = await portal.client().call<T>('GET', url);
  expect(answer.code, answer.msg).toBe(200);
  return answer.data as T;
}

describe('产业链', () => {
  it('lists a segment’s enterprises, with their company pages and newest abilities, when a visitor picks it', async () => {
    const chains = await publicCall<IndustryChain[]>('/portal/industry/chains');
    const chain = chains.find((c) => c.segments.some((s) => s.memberCount > 0)) as IndustryChain;
    const segment = chain.segments.find((s) => s.memberCount > 0) as IndustryChain['segments'][number];
    const members = await publicCall<Page<IndustryMember>>(
      `/portal/industry/segment/members?segmentId=${segment.id}&pageNum=1&pageSize=10`,
    );

    const router = renderAt(`/industry?chainId=${chain.id}`);
    const diagram = await screen.findByRole('region', { name: `${chain.name}产业链图谱` });
    const upstream = within(diagram).getByRole('region', { name: '上游' });
    expect(
      within(upstream)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(chain.segments.filter((s) => s.stage === 0).map((s) => `${s.name}，${s.memberCount} 家企业`));
    expect(screen.getByText('点击任一环节，查看该环节的企业及其能力。')).toBeTruthy();

    const button = within(diagram).getByRole('button', { name: `${segment.name}，${segment.memberCount} 家企业` });
    fireEvent.click(button);
    await waitFor(() => expect(search(router).get('segmentId')).toBe(segment.id));
    expect(button.getAttribute('aria-pressed')).toBe('true');
    const heading = await screen.findByRole('heading', { name: `“${segment.name}”环节的企业` });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    const first = members.rows[0] as IndustryMember;
    const company = await screen.findByRole('link', { name: first.enterpriseName });
    expect(company.getAttribute('href')).toBe(`/companyMainPage?id=${first.userId}`);
    // Its newest abilities, then its company page when it has more than those.
    const expected = first.abilities.map((a) => `/supplyDetail?id=${a.id}`);
    if (first.abilityCount > first.abilities.length) expected.push(`/companyMainPage?id=${first.userId}`);
    const item = company.closest('li') as HTMLElement;
    await waitFor(() =>
      expect(
        within(item)
          .queryAllByRole('link')
          .slice(1)
          .map((a) => a.getAttribute('href')),
      ).toEqual(expected),
    );
  });

  it('starts each chain without a segment picked', async () => {
    const chains = await publicCall<IndustryChain[]>('/portal/industry/chains');
    const [first, second] = chains as [IndustryChain, IndustryChain];
    const segment = first.segments[0] as IndustryChain['segments'][number];
    const router = renderAt(`/industry?chainId=${first.id}&segmentId=${segment.id}&pageNum=2`);
    expect(await screen.findByRole('heading', { name: `“${segment.name}”环节的企业` })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: second.name }));
    await waitFor(() => expect(search(router).get('chainId')).toBe(second.id));
    expect(search(router).get('segmentId')).toBeNull();
    expect(search(router).get('pageNum')).toBeNull();
    expect(await screen.findByRole('region', { name: `${second.name}产业链图谱` })).toBeTruthy();
  });
});
