// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../../test/manage-page';
import { type PortalClient, withPortalServer } from '../../test/portal-server';
import { OfficialPushPage } from './OfficialPushPage';

const portal = withPortalServer();

function renderPage(who: PortalClient) {
  return renderAs(portal, who, <OfficialPushPage />);
}

describe('official pushes', () => {
  it('shows the inbox with unread marks and marks a push read when opened', async () => {
    await renderPage(await portal.register());
    await screen.findByText('关于合作申请处理时效的提醒', {}, { timeout: 5000 });
    expect(screen.getAllByLabelText('未读', { selector: 'span' })).toHaveLength(3);
    expect(screen.queryByText('发布官方推送')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '平台能力库全面升级' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByLabelText('未读', { selector: 'span' })).toHaveLength(2), {
      timeout: 5000,
    });
    expect(portal.calls.some((c) => c.path.startsWith('/portal/self/center/official/push/info/read/'))).toBe(true);
  });

  it('lets an administrator publish a push, checking the form first', async () => {
    await renderPage(await portal.login('admin'));
    expect(await screen.findByText('发布官方推送')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^发\s?布$/ }));
    expect(await screen.findByText('请输入标题')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '五一假期服务安排' } });
    fireEvent.change(screen.getByLabelText('内容'), { target: { value: '五一期间客服值班时间为9:00-17:00。' } });
    fireEvent.click(screen.getByRole('button', { name: /^发\s?布$/ }));
    await waitFor(
      () => expect(portal.calls.some((c) => c.method === 'POST' && c.path === '/system/official/push')).toBe(true),
      { timeout: 5000 },
    );
    expect((await screen.findAllByText('五一假期服务安排', {}, { timeout: 5000 })).length).toBeGreaterThan(0);
  });
});
