// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import type { AbilitySummary } from '@liaison/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../test/manage-page';
import { type PortalClient, withPortalServer } from '../test/portal-server';
import { AbilitiesPage } from './AbilitiesPage';

const portal = withPortalServer();
// Each step waits on the real server, which a busy machine may answer slowly.
const B = '/portal/supply/chain';

function renderPage(who: PortalClient) {
  return renderAs(portal, who, <AbilitiesPage />);
}

async function listed(who: PortalClient, path = 'page'): Promise<AbilitySummary[]> {
  const answer = await who.call<{ rows: AbilitySummary[] }>('GET', `${B}/product/personal/${path}?pageSize=50`);
  return answer.data?.rows ?? [];
}

function chooseOption(label: string, option: string, scope: HTMLElement = document.body) {
  fireEvent.mouseDown(within(scope).getByRole('combobox', { name: label }));
  const options = screen.getAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1] as HTMLElement);
}

describe('我的能力', { timeout: 60_000 }, () => {
  it('lists the enterprise’s abilities from the server and filters them by name and category', async () => {
    await renderPage(await portal.login('zhangwei'));
    expect(await screen.findByText('五轴CNC精密加工')).toBeTruthy();
    expect(screen.getByText('钣金冲压与激光切割')).toBeTruthy();
    expect(screen.getAllByText('草稿').length).toBeGreaterThan(0);

    chooseOption('能力分类', '检验检测');
    expect(await screen.findByText('三坐标尺寸检测服务')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('五轴CNC精密加工')).toBeNull());

    chooseOption('能力分类', '全部分类');
    const search = screen.getByRole('searchbox', { name: '搜索能力名称' });
    fireEvent.change(search, { target: { value: '模具' } });
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    expect(await screen.findByText('注塑模具设计与制造')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('三坐标尺寸检测服务')).toBeNull());
    expect(portal.calls.at(-1)?.path).toContain('productName=%E6%A8%A1%E5%85%B7&categoryId=0');
  });

  it('shows an empty state when nothing matches', async () => {
    await renderPage(await portal.login('lina'));
    await screen.findByText('跨境进出口代理');
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索能力名称' }), { target: { value: '不存在的能力' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: '搜索能力名称' }), { key: 'Enter', keyCode: 13 });
    expect(await screen.findByText('没有符合条件的能力')).toBeTruthy();
  });

  it('creates and publishes an ability through the drawer, checking the name first', async () => {
    const lina = await portal.login('lina');
    await renderPage(lina);
    fireEvent.click(await screen.findByRole('button', { name: /新增能力/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('button', { name: '发布' }));
    expect(await within(drawer).findByText('请输入能力名称')).toBeTruthy();
    expect(portal.calls.some((c) => c.path === `${B}/add/product`)).toBe(false);

    fireEvent.change(within(drawer).getByLabelText('能力名称'), { target: { value: '冷链仓储配送' } });
    chooseOption('能力分类', '仓储物流', drawer);
    fireEvent.change(within(drawer).getByLabelText('能力简介'), { target: { value: '零下25℃冷库与城配' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '发布' }));
    expect(await screen.findByText('发布成功')).toBeTruthy();
    const created = (await listed(lina)).find((row) => row.productName === '冷链仓储配送');
    expect(created).toMatchObject({ categoryName: '仓储物流', summary: '零下25℃冷库与城配', status: 1 });
    expect(await screen.findByText('冷链仓储配送')).toBeTruthy();
  });

  it('refuses an editor picture of the wrong format before uploading', async () => {
    await renderPage(await portal.login('lina'));
    fireEvent.click(await screen.findByRole('button', { name: /新增能力/ }));
    const input = await screen.findByTestId('editor-image-input');
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'anim.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('图片格式错误')).toBeTruthy();
    expect(portal.calls.some((c) => c.path.startsWith('/common/upload'))).toBe(false);
  });

  it('moves an ability to the recycle bin, recovers it, and deletes it for good after confirming', async () => {
    const zhangwei = await portal.login('zhangwei');
    const added = await zhangwei.call<{ id: string }>('POST', `${B}/add/product`, {
      productName: '待删除的能力',
      categoryId: 8,
    });
    await renderPage(zhangwei);
    const row = async () => (await screen.findByText('待删除的能力')).closest('li, tr') as HTMLElement;
    fireEvent.click(within(await row()).getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: '移入回收站' }));
    expect(await screen.findByText('已移入回收站')).toBeTruthy();
    expect((await listed(zhangwei, 'recycle/page')).map((r) => r.id)).toContain(added.data?.id);

    fireEvent.click(screen.getByRole('tab', { name: '回收站' }));
    fireEvent.click(within(await row()).getByRole('button', { name: '恢复' }));
    expect(await screen.findByText('恢复成功')).toBeTruthy();
    expect((await listed(zhangwei)).map((r) => r.id)).toContain(added.data?.id);

    await zhangwei.call('DELETE', `${B}/product/personal/${added.data?.id}`);
    fireEvent.click(screen.getByRole('tab', { name: '能力列表' }));
    fireEvent.click(screen.getByRole('tab', { name: '回收站' }));
    fireEvent.click(within(await row()).getByRole('button', { name: '彻底删除' }));
    const confirm = await screen.findByText('彻底删除后无法恢复');
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: '彻底删除' }));
    expect(await screen.findByText('已彻底删除')).toBeTruthy();
    expect((await listed(zhangwei, 'recycle/page')).map((r) => r.id)).not.toContain(added.data?.id);
  });

  it('shows a sub-account only its granted abilities, without adding, deleting or the recycle bin', async () => {
    const zhangwei = await portal.login('zhangwei');
    const parentId = (await portal.person(zhangwei)).userId;
    const granted = (await listed(zhangwei)).find((r) => r.productName === '钣金冲压与激光切割');
    const sub = await portal.register();
    const subId = (await portal.person(sub)).userId;
    const db = portal.server().db;
    await db.query('UPDATE portal_accounts SET parent_user_id = $2 WHERE user_id = $1', [subId, parentId]);
    await db.query('INSERT INTO portal_sub_account_abilities (sub_user_id, product_id) VALUES ($1, $2)', [
      subId,
      granted?.id,
    ]);
    await renderPage(sub);
    expect(await screen.findByText('钣金冲压与激光切割')).toBeTruthy();
    expect(screen.queryByText('五轴CNC精密加工')).toBeNull();
    expect(screen.getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增能力/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByRole('tab', { name: '回收站' })).toBeNull();
  });
});
