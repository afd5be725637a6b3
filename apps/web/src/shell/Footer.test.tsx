// @vitest-environment jsdom
import '../test/dom';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Footer } from './Footer';
import { TOP_NAV } from './top-nav';

afterEach(cleanup);

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

  it('shows the copyright without an ICP line or placeholder when no filing number is configured', () => {
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('© 链联产业服务平台');
    expect(footer.textContent).not.toMatch(/ICP|未配置/);
  });
});
