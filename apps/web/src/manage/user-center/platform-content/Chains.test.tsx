// @vitest-environment node
import '../../../../../../tests/support/dom-for-server-tests';
import '../../../test/dom';
import type { IndustryChain } from '@liaison/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../../../test/manage-page';
import { withPortalServer } from '../../../test/portal-server';
import { Chains } from './Chains';

const portal = withPortalServer();
const WAIT = { timeout: 5000 };
const SAVE = { name: /保\s?存/ };

async function publicChains(): Promise<IndustryChain[]> {
  return (await portal.client().call<IndustryChain[]>('GET', '/portal/industry/chains')).data ?? [];
}

/** The list item (a card on a narrow screen, else a table row) holding `text`. */
async function rowOf(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, {}, WAIT);
  const row = cell.closest<HTMLElement>('.ant-list-item, tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

function type(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

describe('the industry chains of the platform content', () => {
  it('publishes a chain with its segments, which /industry then draws upstream to downstream', async () => {
    await renderAs(portal, await portal.login('admin'), <Chains />);
    fireEvent.click(await screen.findByRole('button', { name: /新增产业链/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('暂无上游环节')).toBeTruthy();
    type(dialog, '产业链名称', '生物医药');
    fireEvent.click(within(dialog).getByRole('button', { name: /添加下游环节/ }));
    type(dialog, '下游环节1', '医院终端');
    fireEvent.click(within(dialog).getByRole('button', { name: /添加上游环节/ }));
    type(dialog, '上游环节1', '原料药');
    fireEvent.click(within(dialog).getByRole('button', { name: /添加上游环节/ }));
    type(dialog, '上游环节2', '医药中间体');
    fireEvent.click(within(dialog).getByRole('button', { name: '上移上游环节2' }));
    fireEvent.click(within(dialog).getByRole('button', SAVE));

    expect(await rowOf('生物医药')).toBeTruthy();
    const chain = (await publicChains()).find((c) => c.name === '生物医药');
    expect(chain?.segments.map((s) => [s.stage, s.name])).toEqual([
      [0, '医药中间体'],
      [0, '原料药'],
      [2, '医院终端'],
    ]);
  });

  it('says what is wrong with a segment and sends nothing', async () => {
    await renderAs(portal, await portal.login('admin'), <Chains />);
    fireEvent.click(await screen.findByRole('button', { name: /新增产业链/ }));
    const dialog = await screen.findByRole('dialog');
    type(dialog, '产业链名称', '重名链');
    fireEvent.click(within(dialog).getByRole('button', { name: /添加中游环节/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /添加中游环节/ }));
    type(dialog, '中游环节1', '组装');
    type(dialog, '中游环节2', '组装');
    fireEvent.click(within(dialog).getByRole('button', SAVE));
    expect((await within(dialog).findAllByText('同一产业链的环节名称不能重复', {}, WAIT)).length).toBeGreaterThan(0);
    type(dialog, '中游环节2', '');
    fireEvent.click(within(dialog).getByRole('button', SAVE));
    expect(await within(dialog).findByText('请输入环节名称', {}, WAIT)).toBeTruthy();
    expect(portal.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('renames a segment, which keeps its enterprises', async () => {
    const before = (await publicChains()).find((c) => c.name === '新能源汽车');
    const motor = before?.segments.find((s) => s.name === '电机');
    expect(motor?.memberCount).toBeGreaterThan(0);
    await renderAs(portal, await portal.login('admin'), <Chains />);
    fireEvent.click(within(await rowOf('新能源汽车')).getByRole('button', { name: /编\s?辑/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    const field = within(dialog).getByDisplayValue('电机');
    expect(within(dialog).getAllByText(/已有 \d+ 家企业/).length).toBeGreaterThan(0);
    fireEvent.change(field, { target: { value: '驱动电机' } });
    fireEvent.click(within(dialog).getByRole('button', SAVE));

    await waitFor(() => expect(portal.calls.some((c) => c.method === 'PUT')).toBe(true), WAIT);
    await waitFor(async () => {
      const after = (await publicChains()).find((c) => c.name === '新能源汽车');
      expect(after?.segments.find((s) => s.id === motor?.id)).toMatchObject({
        name: '驱动电机',
        memberCount: motor?.memberCount,
      });
    }, WAIT);
  });

  it('deletes a chain after the admin confirms', async () => {
    await renderAs(portal, await portal.login('admin'), <Chains />);
    const row = await rowOf('跨境电商供应链');
    fireEvent.click(within(row).getByRole('button', { name: /删\s?除/ }));
    const question = await screen.findByText('删除产业链「跨境电商供应链」？');
    const popover = question.closest('.ant-popover');
    if (!(popover instanceof HTMLElement)) throw new Error('no confirmation');
    fireEvent.click(within(popover).getByRole('button', { name: /删\s?除/ }));
    await waitFor(() => expect(screen.queryByText('跨境电商供应链')).toBeNull(), WAIT);
    expect((await publicChains()).map((c) => c.name)).not.toContain('跨境电商供应链');
  });
});
