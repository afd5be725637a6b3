// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../../test/manage-page';
import { type PortalClient, withPortalServer } from '../../test/portal-server';
import { CooperationPage } from './CooperationPage';

const portal = withPortalServer();

function renderPage(who: PortalClient) {
  return renderAs(
    portal,
    who,
    <Routes>
      <Route path="/manageCenter/userCenter/cooperation" element={<CooperationPage />} />
      <Route path="/manageCenter/message" element={<p>消息中心</p>} />
    </Routes>,
    { route: '/manageCenter/userCenter/cooperation' },
  );
}

const unreadDots = () => screen.queryAllByLabelText('未读');

describe('the cooperation page', () => {
  it('lists the requests to my enterprise, marks one read when opened, agrees, and opens the chat', async () => {
    // The demo data: lina and wangfang wait for zhangwei's answer; one of wangfang's was agreed.
    await renderPage(await portal.login('zhangwei'));
    expect(await screen.findByText('共 3 条', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '收到的申请' })).toBeTruthy();
    expect(unreadDots()).toHaveLength(2);

    // jsdom matches no media query: the page lays out as on a phone, one card per request.
    const linaRow = screen.getByText('李娜').closest('.ant-list-item') as HTMLElement;
    fireEvent.click(within(linaRow).getByRole('button', { name: '处理' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('合作申请详情')).toBeTruthy();
    await waitFor(() => expect(unreadDots()).toHaveLength(1), { timeout: 5000 });
    expect(portal.calls.some((c) => /\/other\/to\/me\/connect\/read\//.test(c.path))).toBe(true);

    fireEvent.click(within(drawer).getByRole('button', { name: '同意' }));
    await screen.findByText('同意这条合作申请？');
    fireEvent.click(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(portal.calls.find((c) => /\/connect\/agree\//.test(c.path))?.answer).toBeDefined());
    fireEvent.click(await within(drawer).findByRole('button', { name: '去聊天' }, { timeout: 5000 }));
    expect(await screen.findByText('消息中心')).toBeTruthy();
  });

  it('searches by the other party and shows an empty state when nothing matches', async () => {
    await renderPage(await portal.login('zhangwei'));
    await screen.findByText(/共 \d+ 条/, {}, { timeout: 5000 });
    const search = screen.getByLabelText('搜索对方名称');
    const searchFor = (text: string) => {
      fireEvent.change(search, { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    };
    searchFor('王芳');
    expect(await screen.findByText('共 2 条', {}, { timeout: 5000 })).toBeTruthy();
    searchFor('不存在的企业');
    expect(await screen.findByText('没有符合条件的合作申请', {}, { timeout: 5000 })).toBeTruthy();
    const last = portal.calls.filter((c) => c.path.startsWith('/portal/self/center/other/to/me/connect?')).pop();
    expect(last?.path).toContain(`connectUserName=${encodeURIComponent('不存在的企业')}`);
  });

  it('shows a person only the requests they sent, with the answer unread until opened', async () => {
    // wangfang (a verified person) had one request agreed by zhangwei and not yet seen.
    await renderPage(await portal.login('wangfang'));
    expect(await screen.findByRole('tab', { name: '发出的申请' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '收到的申请' })).toBeNull();
    await screen.findByText(/共 \d+ 条/, {}, { timeout: 5000 });
    expect(screen.getAllByText('已同意').length).toBeGreaterThan(0);
    expect(unreadDots()).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: '去聊天' }).length).toBeGreaterThan(0);
  });

  // Last: it answers wangfang's waiting request, which the tests above count.
  it('keeps an answer given while the request was still being marked read', async () => {
    await renderPage(await portal.login('zhangwei'));
    await screen.findByText(/共 \d+ 条/, {}, { timeout: 5000 });
    // wangfang's request still waits, unread; the read's answer comes late, after the agreement's.
    const read = portal.holdAnswers(/\/other\/to\/me\/connect\/read\//);
    const wangfangRow = screen
      .getAllByText('王芳')
      .map((name) => name.closest('.ant-list-item') as HTMLElement)
      .find((row) => within(row).queryByRole('button', { name: '处理' })) as HTMLElement;
    fireEvent.click(within(wangfangRow).getByRole('button', { name: '处理' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('button', { name: '同意' }));
    await screen.findByText('同意这条合作申请？');
    fireEvent.click(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary') as HTMLElement);
    expect(await within(drawer).findByRole('button', { name: '去聊天' }, { timeout: 5000 })).toBeTruthy();

    read.release();
    // The page reloads its list once it has shown the read's answer.
    const afterRead = () => portal.calls.slice(portal.calls.findIndex((c) => /\/connect\/read\//.test(c.path)) + 1);
    await waitFor(() =>
      expect(afterRead().some((c) => c.path.startsWith('/portal/self/center/other/to/me/connect?'))).toBe(true),
    );
    expect(within(drawer).getByText('已同意')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: '同意' })).toBeNull();
  });
});
