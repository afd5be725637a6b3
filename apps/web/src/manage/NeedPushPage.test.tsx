// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import type { MyNeed, PushedNeed } from '@liaison/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../test/manage-page';
import { withPortalServer } from '../test/portal-server';
import { NeedPushPage } from './NeedPushPage';

const portal = withPortalServer();

/** Answers that take a server round trip and a re-render, on a busy machine. */
const SLOW = { timeout: 5000 };
const item = (title: string) => screen.getByRole('listitem', { name: title });

describe('需求推送', () => {
  it('lists needs matching my abilities and moves one to 感兴趣 when I mark it', async () => {
    const zhangwei = await portal.login('zhangwei');
    await renderAs(portal, zhangwei, <NeedPushPage />);
    expect(await screen.findByText('寻找铝合金外壳CNC加工厂', {}, { timeout: 5000 })).toBeTruthy();
    const need = item('寻找铝合金外壳CNC加工厂');
    expect(need.textContent).toContain('发布方：王芳');
    expect(need.textContent).toContain('五轴CNC精密加工');

    fireEvent.click(within(need).getByRole('button', { name: '感兴趣：寻找铝合金外壳CNC加工厂' }));
    expect(await screen.findByText('已标记为感兴趣', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('寻找铝合金外壳CNC加工厂')).toBeNull(), SLOW);
    const interested = await zhangwei.call<{ rows: PushedNeed[] }>('GET', '/portal/self/center/seekingMe?tab=1');
    expect(interested.data?.rows.map((row) => row.title)).toContain('寻找铝合金外壳CNC加工厂');

    fireEvent.click(screen.getByText('感兴趣', { selector: '.ant-segmented-item-label' }));
    expect(await screen.findByText('寻找铝合金外壳CNC加工厂', {}, SLOW)).toBeTruthy();
    expect(portal.calls.at(-1)?.path).toBe('/portal/self/center/seekingMe?tab=1&pageNum=1&pageSize=10');
  });

  it('publishes a need with the form, checks it first, and closes it', async () => {
    const lina = await portal.login('lina');
    await renderAs(portal, lina, <NeedPushPage />);
    fireEvent.click(await screen.findByRole('tab', { name: '我的需求' }));
    expect(await screen.findByText('定制不锈钢货架结构件', {}, { timeout: 5000 })).toBeTruthy();
    // zhangwei marked his sheet-metal ability interested in the demo.
    expect(item('定制不锈钢货架结构件').textContent).toContain('钣金冲压与激光切割（对方感兴趣）');

    fireEvent.click(screen.getByRole('button', { name: '发布需求' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '发布' }));
    const error = { selector: '.ant-form-item-explain-error' };
    expect(await screen.findByText('请输入需求标题', error)).toBeTruthy();
    expect(await screen.findByText('请选择需求类别', error)).toBeTruthy();
    expect(portal.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('需求标题'), { target: { value: '冷链仓储合作伙伴' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '需求类别' }));
    fireEvent.click(await screen.findByText('仓储物流', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(within(dialog).getByLabelText('需求描述'), { target: { value: '宁波地区，约800平方米' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '发布' }));
    expect(await screen.findByText('需求发布成功', {}, SLOW)).toBeTruthy();
    expect(portal.calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: '冷链仓储合作伙伴',
      categoryId: 4,
      content: '宁波地区，约800平方米',
    });
    expect(await screen.findByText('冷链仓储合作伙伴', {}, SLOW)).toBeTruthy();

    fireEvent.click(within(item('冷链仓储合作伙伴')).getByRole('button', { name: '关闭：冷链仓储合作伙伴' }));
    expect(await screen.findByText('需求已关闭', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('冷链仓储合作伙伴')).toBeNull(), SLOW);
    const closed = await lina.call<{ rows: MyNeed[] }>('GET', '/portal/self/center/meSeeking?tab=1');
    expect(closed.data?.rows.map((row) => row.title)).toContain('冷链仓储合作伙伴');
  });

  it('invites a person without an enterprise to verify one', async () => {
    await renderAs(portal, await portal.register(), <NeedPushPage />);
    expect(await screen.findByText('需求推送仅对认证企业开放')).toBeTruthy();
  });
});
