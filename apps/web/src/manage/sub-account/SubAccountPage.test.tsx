// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import type { SubAccount } from '@liaison/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../../test/manage-page';
import { DEMO_PASSWORD, type PortalClient, withPortalServer } from '../../test/portal-server';
import { SubAccountPage } from './SubAccountPage';

const portal = withPortalServer();

function renderPage(who: PortalClient) {
  return renderAs(portal, who, <SubAccountPage />);
}

function fill(label: string, value: string, scope: HTMLElement = document.body) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
}

describe('sub-account management', () => {
  it('lists the demo sub-account and creates one granted an ability, which then logs in', async () => {
    const zhangwei = await portal.login('zhangwei');
    await renderPage(zhangwei);
    expect(await screen.findByText('zhangwei_ops')).toBeTruthy();
    expect(screen.getByText('张伟-运营助理')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '新增子账号' }));
    const dialog = await screen.findByRole('dialog');
    fill('登录账号', 'zhangwei_qc', dialog);
    fill('子账号名称', '质检专员', dialog);
    fill('登录密码', 'Quality2026', dialog);
    // The first click counts however soon after the list appears.
    const box = (await within(dialog).findAllByRole('checkbox'))[0] as HTMLInputElement;
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));

    // Hashing the new password takes a moment on a busy machine.
    expect(await screen.findByText('子账号已创建', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('zhangwei_qc')).toBeTruthy();
    const listed = await zhangwei.call<{ rows: SubAccount[] }>(
      'GET',
      '/portal/supply/chain/sub/account/list?loginName=zhangwei_qc',
    );
    expect(listed.data?.rows[0]).toMatchObject({ nick: '质检专员', disabled: false });
    expect(listed.data?.rows[0]?.abilityIds).toHaveLength(1);
    expect((await portal.client().login('zhangwei_qc', 'Quality2026')).code).toBe(200);
  });

  it('says what is wrong before sending anything', async () => {
    await renderPage(await portal.login('zhangwei'));
    await screen.findByText('zhangwei_ops');
    fireEvent.click(screen.getByRole('button', { name: '新增子账号' }));
    const dialog = await screen.findByRole('dialog');
    fill('登录账号', '1ab', dialog);
    fill('登录密码', 'short', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('登录账号为4-20位字母、数字或下划线，且以字母开头')).toBeTruthy();
    expect(await screen.findByText('请输入子账号名称')).toBeTruthy();
    expect(await screen.findByText('密码长度为8-20位，且须同时包含字母和数字')).toBeTruthy();
    expect(portal.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('disables a sub-account after confirmation, which ends its session', async () => {
    const sub = await portal.login('zhangwei_ops', DEMO_PASSWORD);
    await renderPage(await portal.login('zhangwei'));
    const toggle = await screen.findByRole('switch', { name: '张伟-运营助理的状态' });
    fireEvent.click(toggle);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('子账号已停用，其登录已失效')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: '张伟-运营助理的状态' }).getAttribute('aria-checked')).toBe('false'),
    );
    expect((await sub.call('GET', '/portal/self/center/info')).code).toBe(401);
  });

  it('shows the empty state when the search finds nothing', async () => {
    await renderPage(await portal.login('zhangwei'));
    await screen.findByText('zhangwei_ops');
    fill('按登录账号搜索', 'nobody_here');
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(await screen.findByText('没有符合条件的子账号')).toBeTruthy();
  });
});
