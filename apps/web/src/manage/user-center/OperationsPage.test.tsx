// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import type {
  MallGoods,
  MallOrder,
  MallRedeemResult,
  OfficialServiceApplication,
  PointsInfo,
  ReportRow,
} from '@liaison/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changePoints } from '../../../../server/src/portal/points/points';
import { TEST_SMS_CODE } from '../../../../server/src/portal/sms-send';
import type { Page } from '../../api/page';
import { renderAs } from '../../test/manage-page';
import { freshMobile, type PortalClient, withPortalServer } from '../../test/portal-server';
import { ADMIN_ONLY_TEXT } from '../common/access';
import { OperationsPage } from './OperationsPage';

const portal = withPortalServer();
const WHITE_PAPER = '供应链白皮书（纸质版）';

async function renderAsAdmin(tab?: string) {
  await renderAs(portal, await portal.login('admin'), <OperationsPage />);
  if (tab) fireEvent.click(await screen.findByRole('tab', { name: tab }));
}

/** A new account holding `points`, put in the ledger as a reward would be. */
async function holder(points: number): Promise<PortalClient> {
  const who = await portal.register();
  const { userId } = await portal.person(who);
  await portal.server().db.transaction((tx) => changePoints(tx, userId, points, '测试奖励', `test:${userId}`, 1));
  return who;
}

/** `who` redeems one white paper, sent to `address` (each test its own, to find the row by). */
async function redeemWhitePaper(who: PortalClient, address: string): Promise<string> {
  const goods = await portal.client().call<Page<MallGoods>>('GET', '/portal/mall/goods?pageSize=50');
  const goodsId = goods.data?.rows.find((g) => g.name === WHITE_PAPER)?.id;
  const answer = await who.call<MallRedeemResult>('POST', '/portal/mall/redeem', { goodsId, quantity: 1, address });
  expect(answer.code, answer.msg).toBe(200);
  return answer.data?.order.id ?? '';
}

const balanceOf = async (who: PortalClient) =>
  (await who.call<PointsInfo>('GET', '/portal/self/center/points/info')).data?.balance;
const orderOf = async (who: PortalClient, id: string) =>
  (await who.call<Page<MallOrder>>('GET', '/portal/mall/orders')).data?.rows.find((o) => o.id === id);

/** The row of a table (or card of a list) that shows `text`. */
async function rowWith(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, {}, { timeout: 5000 });
  return cell.closest('tr, li') as HTMLElement;
}

/** Answers a ConfirmButton's question with its confirming button. */
async function confirm(question: string | RegExp, okText: RegExp) {
  const popover = (await screen.findByText(question)).closest('.ant-popover') as HTMLElement;
  fireEvent.click(within(popover).getByRole('button', { name: okText }));
}

/** A drawer or dialog, by its title. */
async function overlayTitled(title: string): Promise<HTMLElement> {
  return (await screen.findByText(title)).closest('.ant-drawer, .ant-modal') as HTMLElement;
}

async function chooseStatus(filterLabel: string, option: string) {
  const select = screen.getByLabelText(filterLabel);
  fireEvent.mouseDown(select);
  const choices = await screen.findAllByTitle(option);
  fireEvent.click(choices[choices.length - 1] as HTMLElement);
}

describe('the operations page', () => {
  it('ships an order a user redeemed, and the user then sees it shipped', async () => {
    const user = await holder(1000);
    const orderId = await redeemWhitePaper(user, '上海市徐汇区发货路1号');
    await renderAsAdmin('兑换订单');
    const row = await rowWith('上海市徐汇区发货路1号');
    expect(within(row).getByText('待发货')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /^发\s?货$/ }));
    await confirm(`确认「${WHITE_PAPER}」已发出？`, /发\s?货/);
    // Shipped, it leaves the list of orders waiting to ship.
    await waitFor(() => expect(screen.queryByText('上海市徐汇区发货路1号')).toBeNull(), { timeout: 5000 });
    expect((await orderOf(user, orderId))?.status).toBe(1);
    await chooseStatus('订单状态', '已发货');
    expect(within(await rowWith('上海市徐汇区发货路1号')).getByText('已发货')).toBeTruthy();
  });

  it('cancels an order after asking, refunding the points once and saying so', async () => {
    const user = await holder(1000);
    const orderId = await redeemWhitePaper(user, '上海市徐汇区取消路2号');
    expect(await balanceOf(user)).toBe(850);
    await renderAsAdmin('兑换订单');
    fireEvent.click(within(await rowWith('上海市徐汇区取消路2号')).getByRole('button', { name: /^取\s?消$/ }));
    expect(await screen.findByText(/将退还 150 积分/)).toBeTruthy();
    await confirm('取消这笔订单？', /取消订单/);
    await waitFor(() => expect(screen.queryByText('上海市徐汇区取消路2号')).toBeNull(), { timeout: 5000 });
    expect(await balanceOf(user)).toBe(1000);

    await chooseStatus('订单状态', '已取消');
    const row = await rowWith('上海市徐汇区取消路2号');
    expect(within(row).getByText('已退还 150 积分')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^取\s?消$/ })).toBeNull();
    // The server refuses a second cancel: the refund stays single.
    const again = await (await portal.login('admin')).call('POST', `/system/mall/orders/${orderId}/cancel`);
    expect(again).toEqual({ code: 500, msg: '只能处理待发货的订单' });
    expect(await balanceOf(user)).toBe(1000);
    expect((await orderOf(user, orderId))?.status).toBe(2);
  });

  it('takes goods off the shelf, so visitors no longer see them', async () => {
    await renderAsAdmin();
    const toggle = await screen.findByRole('switch', { name: '上架办公绿植盆栽' }, { timeout: 5000 });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(
      () => expect(screen.getByRole('switch', { name: '上架办公绿植盆栽' }).getAttribute('aria-checked')).toBe('false'),
      { timeout: 5000 },
    );
    const shelf = await portal.client().call<Page<MallGoods>>('GET', '/portal/mall/goods?pageSize=50');
    expect(shelf.data?.rows.map((g) => g.name)).not.toContain('办公绿植盆栽');
  });

  it('edits goods’ points price and stock', async () => {
    await renderAsAdmin();
    fireEvent.click(within(await rowWith('商务笔记本套装')).getByRole('button', { name: /^编\s?辑$/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('所需积分'), { target: { value: '180' } });
    fireEvent.change(within(dialog).getByLabelText('库存'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    await waitFor(async () => expect((await rowWith('商务笔记本套装')).textContent).toMatch(/180.*12/), {
      timeout: 5000,
    });
    const shelf = await portal.client().call<Page<MallGoods>>('GET', '/portal/mall/goods?pageSize=50');
    expect(shelf.data?.rows.find((g) => g.name === '商务笔记本套装')).toMatchObject({ pointsCost: 180, stock: 12 });
  });

  it('handles a report with the result note the admin writes, and shows it in the detail', async () => {
    const sent = await portal.client().call<{ id: string }>('POST', '/portal/report', {
      category: '虚假信息',
      content: '该企业的检测报告是伪造的。',
    });
    expect(sent.code).toBe(200);
    await renderAsAdmin('举报');
    fireEvent.click(within(await rowWith('该企业的检测报告是伪造的。')).getByRole('button', { name: /^处\s?理$/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /标记已处理/ }));
    expect(await within(dialog).findByText('请填写处理结果')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('处理结果'), { target: { value: '已核实，报告已下架。' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /标记已处理/ }));
    await waitFor(() => expect(screen.queryByText('该企业的检测报告是伪造的。')).toBeNull(), { timeout: 5000 });

    const admin = await portal.login('admin');
    const handled = await admin.call<Page<ReportRow>>('GET', '/system/report/list?status=1&pageSize=50');
    expect(handled.data?.rows.find((r) => r.id === sent.data?.id)).toMatchObject({
      status: 1,
      result: '已核实，报告已下架。',
    });
    await chooseStatus('处理状态', '已处理');
    fireEvent.click(within(await rowWith('该企业的检测报告是伪造的。')).getByRole('button', { name: /^查\s?看$/ }));
    const drawer = await overlayTitled('举报详情');
    expect(within(drawer).getByText('已核实，报告已下架。')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: /^处\s?理$/ })).toBeNull();
  });

  it('marks an application contacted, then closes it from its detail, each with a note', async () => {
    const id = await applyForOfficialService('苏州运营测试有限公司');
    await renderAsAdmin('官方服务申请');
    fireEvent.click(within(await rowWith('苏州运营测试有限公司')).getByRole('button', { name: /标记已联系/ }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('跟进备注'), { target: { value: '已电话联系，约周五面谈。' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /标记已联系/ }));
    await waitFor(() => expect(screen.queryByText('苏州运营测试有限公司')).toBeNull(), { timeout: 5000 });

    await chooseStatus('申请状态', '已联系');
    fireEvent.click(within(await rowWith('苏州运营测试有限公司')).getByRole('button', { name: /^查\s?看$/ }));
    const drawer = await overlayTitled('官方服务申请详情');
    expect(within(drawer).getByText('已电话联系，约周五面谈。')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: /关闭申请/ }));
    dialog = await overlayTitled('关闭申请「苏州运营测试有限公司」');
    fireEvent.change(within(dialog).getByLabelText('跟进备注'), { target: { value: '已对接检测机构，结案。' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /关闭申请/ }));
    await waitFor(() => expect(screen.queryByText('苏州运营测试有限公司')).toBeNull(), { timeout: 5000 });

    const admin = await portal.login('admin');
    const closed = await admin.call<Page<OfficialServiceApplication>>(
      'GET',
      '/system/official/service/list?status=2&pageSize=50',
    );
    expect(closed.data?.rows.find((a) => a.id === id)).toMatchObject({ status: 2, note: '已对接检测机构，结案。' });
  });

  it('refuses a user who is not an admin', async () => {
    await renderAs(portal, await portal.login('lina'), <OperationsPage />);
    expect(screen.getByText(ADMIN_ONLY_TEXT)).toBeTruthy();
    expect(portal.calls.filter((c) => c.path.startsWith('/system/'))).toEqual([]);
  });
});

/** A visitor's application through the three calls of the official-service form. */
async function applyForOfficialService(company: string): Promise<string> {
  const visitor = portal.client();
  const mobileNumber = freshMobile();
  const { id, answer } = await visitor.captcha();
  const SERVICE = '/portal/supply/chain/apply/official/service';
  const sent = await visitor.call('POST', `${SERVICE}/send/sms/code`, {
    mobileNumber,
    verifyCode: answer,
    verifyCodeId: id,
  });
  expect(sent.code, sent.msg).toBe(200);
  const checked = await visitor.call<{ ticket: string }>('POST', `${SERVICE}/check`, {
    mobileNumber,
    smsVerifyCode: TEST_SMS_CODE,
  });
  const applied = await visitor.call<{ id: string }>('POST', `${SERVICE}2`, {
    ticket: checked.data?.ticket,
    serviceType: '检验检测',
    company,
    contactName: '周杰',
    content: '需要一家机构检测新产线的产品。',
  });
  expect(applied.code, applied.msg).toBe(200);
  return applied.data?.id ?? '';
}
