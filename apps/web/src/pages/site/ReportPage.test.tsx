// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { withPortalServer } from '../../test/portal-server';
import { ReportPage } from './ReportPage';

const portal = withPortalServer();

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/report', Component: ReportPage }], { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByTitle(option));
}

describe('举报中心', () => {
  it('says what is missing or wrong and sends nothing', async () => {
    renderAt('/report');
    fireEvent.change(screen.getByLabelText('被举报页面链接'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: '提交举报' }));
    expect(await screen.findByText('请选择举报类型')).toBeTruthy();
    expect(await screen.findByText('请描述举报内容')).toBeTruthy();
    expect(await screen.findByText('请输入以 http:// 或 https:// 开头的网页链接')).toBeTruthy();
    expect(portal.calls.some((call) => call.path === '/portal/report')).toBe(false);
  });

  it('files a visitor’s report about the linked page and shows its number', async () => {
    const link = 'https://portal.example.com/supplyDetail?id=1';
    renderAt(`/report?url=${encodeURIComponent(link)}`);
    expect(screen.getByLabelText('被举报页面链接')).toHaveProperty('value', link);
    await choose('举报类型', '虚假信息');
    fireEvent.change(screen.getByLabelText('举报内容'), { target: { value: '  该能力宣称的产能与实际严重不符。  ' } });
    fireEvent.change(screen.getByLabelText('联系方式'), { target: { value: '13900000000' } });
    fireEvent.click(screen.getByRole('button', { name: '提交举报' }));

    expect(await screen.findByText('举报已提交')).toBeTruthy();
    const sent = portal.calls.find((call) => call.path === '/portal/report');
    expect(sent?.body).toEqual({
      category: '虚假信息',
      targetUrl: link,
      content: '该能力宣称的产能与实际严重不符。',
      contact: '13900000000',
    });
    expect(sent?.authorization).toBeNull();
    const { id } = (sent?.answer as { data: { id: string } } | undefined)?.data ?? { id: '' };
    expect(id).not.toBe('');
    expect(screen.getByText(new RegExp(`举报编号：${id}。`))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '继续举报' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '提交举报' })).toBeTruthy());
  });
});
