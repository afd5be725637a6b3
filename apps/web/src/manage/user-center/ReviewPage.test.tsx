// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../../test/manage-page';
import { type PortalClient, withPortalServer } from '../../test/portal-server';
import { ADMIN_ONLY_TEXT } from '../common/access';
import { ReviewPage } from './ReviewPage';

const portal = withPortalServer();

function renderPage(who: PortalClient) {
  return renderAs(portal, who, <ReviewPage />);
}

describe('the review page', () => {
  it('lists the pending beta application and rejects it with the reason the applicant then reads', async () => {
    await renderPage(await portal.login('admin'));
    const row = (await screen.findByText('陈磊')).closest('tr') as HTMLElement;
    expect(within(row).getByText('待审核')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /驳\s?回/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确认驳回/ }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('驳回原因'), { target: { value: '内测名额已满，请下月再申请' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认驳回/ }));
    await waitFor(() => expect(portal.calls.some((c) => c.path.startsWith('/system/review/beta/'))).toBe(true));
    // Rejected, it leaves the pending list; 王芳's application still waits.
    await waitFor(() => expect(screen.queryByText('陈磊')).toBeNull());
    expect(screen.getByText('王芳')).toBeTruthy();

    const chenlei = await portal.login('chenlei');
    const review = await chenlei.call<{ rejectReason: string }>('GET', '/portal/supply/chain/beta/review');
    expect(review.data?.rejectReason).toBe('内测名额已满，请下月再申请');
  });

  it('shows the enterprise material with the licence picture signed for the admin', async () => {
    await renderPage(await portal.login('admin'));
    fireEvent.click(await screen.findByRole('tab', { name: '企业认证' }));
    const name = await screen.findByText('杭州云织纺织科技有限公司');
    fireEvent.click(within(name.closest('tr') as HTMLElement).getByRole('button', { name: /查看材料/ }));
    const licence = await screen.findByAltText('杭州云织纺织科技有限公司营业执照');
    expect(licence.getAttribute('src')).toMatch(/^\/prod-api\/profile\/upload\/.+\.svg\?expires=\d+&viewer=.+&sig=/);
    expect(screen.getByText('浙江省杭州市西湖区西溪路525号')).toBeTruthy();
  });

  it('searches by name and shows the empty state when nothing matches', async () => {
    await renderPage(await portal.login('admin'));
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('搜索申请人'), { target: { value: '不存在的人' } });
    fireEvent.keyDown(screen.getByLabelText('搜索申请人'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('暂无内测申请')).toBeTruthy();
    expect(portal.calls.some((c) => c.path.includes('keyword=%E4%B8%8D'))).toBe(true);
  });

  it('refuses a user who is not an admin, even by typing the address', async () => {
    await renderPage(await portal.login('zhangwei'));
    expect(screen.getByText(ADMIN_ONLY_TEXT)).toBeTruthy();
    expect(portal.calls.filter((c) => c.path.startsWith('/system/'))).toEqual([]);
  });
});
