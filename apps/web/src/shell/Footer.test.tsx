// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { clientConfig } from '../api/auth';
import { withPortalServer } from '../test/portal-server';
import { Footer } from './Footer';
import { TOP_NAV } from './top-nav';

// The footer asks the server for its ICP number. Without a server that request fails, and the
// request layer's error toast (antd's static message) went on rendering after the file's page was
// torn down: react-dom then threw "window is not defined" after the tests had passed.
withPortalServer();

function renderFooter() {
  const router = createMemoryRouter([{ path: '*', element: <Footer /> }], { initialEntries: ['/index'] });
  render(<RouterProvider router={router} />);
}

function linksOf(name: string): string[][] {
  const column = screen.getByRole('navigation', { name });
  return within(column)
    .getAllByRole('link')
    .map((link) => [link.textContent ?? '', link.getAttribute('href') ?? '']);
}

describe('Footer', () => {
  it('links the services the top navigation leaves out: experts, match operations, the service pages and the points mall', () => {
    renderFooter();
    expect(linksOf('平台服务')).toEqual([
      ['专家库', '/expert'],
      ['撮合运营', '/matchOperations'],
      ['设计服务', '/designs'],
      ['仓储服务', '/warehousing'],
      ['积分商城', '/goodStore'],
    ]);
    const topTargets = TOP_NAV.map((entry) => entry.to.split('?')[0]);
    for (const [, href] of linksOf('平台服务')) expect(topTargets).not.toContain(href);
  });

  it('shows the copyright without an ICP line or placeholder when no filing number is configured', async () => {
    renderFooter();
    // The footer has the server's answer (its callback was queued before this one).
    await act(() => clientConfig());
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('© 链联产业服务平台');
    expect(footer.textContent).not.toMatch(/ICP|未配置/);
  });
});
