import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { PermissionSet, Person } from '../api/types';
import { AppProviders } from '../app/AppProviders';
import { sessionStore } from '../session/session-store';
import type { PortalClient, PortalServer } from './portal-server';

/**
 * Puts `who` into the web session as a reload of the app finds it: the session, and the roles and
 * permissions the server gives them (or `permissions`, to stand for an account the test cannot make).
 */
export async function enterWithPermissions(
  portal: PortalServer,
  who: PortalClient,
  permissions?: PermissionSet,
): Promise<Person> {
  const me = await portal.enterSession(who);
  const granted = permissions ?? (await who.call<PermissionSet>('GET', '/portal/self/center/get/permission')).data;
  sessionStore.update({ permissions: granted ?? { roles: [], permissions: [] } });
  return me;
}

interface RenderOptions {
  permissions?: PermissionSet;
  /** The address the page opens at, for a page whose links lead to other routes. */
  route?: string;
}

/**
 * Renders a management-centre page as `who` sees it, counting only the calls the page makes.
 * `page` may be a <Routes> tree when the test follows a link.
 */
export async function renderAs(
  portal: PortalServer,
  who: PortalClient,
  page: ReactElement,
  options: RenderOptions = {},
): Promise<Person> {
  const me = await enterWithPermissions(portal, who, options.permissions);
  portal.calls.length = 0;
  render(
    <AppProviders>
      <MemoryRouter {...(options.route ? { initialEntries: [options.route] } : {})}>{page}</MemoryRouter>
    </AppProviders>,
  );
  return me;
}

/** The cells of a visually hidden chart table, by caption: rows of [name, ...numbers]. */
export function chartTable(caption: string): string[][] {
  const table = Array.from(document.querySelectorAll('table')).find((t) => t.caption?.textContent === caption);
  if (!table) throw new Error(`no chart table "${caption}"`);
  return Array.from(table.querySelectorAll('tbody tr'), (row) =>
    Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''),
  );
}
