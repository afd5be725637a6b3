// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../../test/manage-page';
import { type PortalClient, withPortalServer } from '../../test/portal-server';
import { FollowsPage } from './FollowsPage';

const portal = withPortalServer();

function renderPage(who: PortalClient) {
  return renderAs(portal, who, <FollowsPage />);
}

describe('follows and collections', () => {
  it('lists what I follow and cancels a follow after confirming', async () => {
    const who = await portal.register();
    const lina = (await portal.person(await portal.login('lina'))).userId;
    expect((await who.call('GET', `/portal/supply/chain/follow/${lina}`)).code).toBe(200);
    await renderPage(who);
    expect(await screen.findByText('宁波海通供应链管理有限公司')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消关注' }));
    fireEvent.click(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary') as HTMLElement);
    expect(await screen.findByText('还没有关注任何企业', {}, { timeout: 5000 })).toBeTruthy();
    expect((await who.call('GET', `/portal/supply/chain/has/follow/${lina}`)).data).toBe(false);
  });

  it('shows my collections and who viewed my enterprise, visitors as 访客', async () => {
    await renderPage(await portal.login('zhangwei'));
    fireEvent.click(await screen.findByRole('tab', { name: '我的收藏' }));
    await waitFor(() =>
      expect(portal.calls.some((c) => c.path.startsWith('/portal/self/center/collection/page'))).toBe(true),
    );
    fireEvent.click(screen.getByRole('tab', { name: '谁看过我' }));
    expect((await screen.findAllByText('访客', {}, { timeout: 5000 })).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/浏览了/).length).toBeGreaterThan(0);
  });

  it('hides who viewed me from a person without an enterprise page', async () => {
    await renderPage(await portal.register());
    expect(await screen.findByRole('tab', { name: '我的关注' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '谁看过我' })).toBeNull();
    expect(await screen.findByText('还没有关注任何企业', {}, { timeout: 5000 })).toBeTruthy();
  });
});
