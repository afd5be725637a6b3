// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import type { Advertisement } from '@liaison/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../../test/manage-page';
import { type PortalClient, withPortalServer } from '../../test/portal-server';
import { ADMIN_ONLY_TEXT } from '../common/access';
import { ContentPage } from './ContentPage';

const portal = withPortalServer();

function renderPage(who: PortalClient) {
  return renderAs(portal, who, <ContentPage />);
}

describe('the content page', () => {
  it('lists the demo advertisements and switches one off', async () => {
    const admin = await portal.login('admin');
    await renderPage(admin);
    const toggle = await screen.findByRole('switch', { name: '启用新能源汽车产业链图谱发布' }, { timeout: 10_000 });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(portal.calls.some((c) => c.method === 'PUT' && c.path.endsWith('/status'))).toBe(true));
    await waitFor(
      () =>
        expect(screen.getByRole('switch', { name: '启用新能源汽车产业链图谱发布' }).getAttribute('aria-checked')).toBe(
          'false',
        ),
      { timeout: 10_000 },
    );
    const shown = await portal.client().call<Advertisement[]>('GET', '/portal/home/manager/advertisement');
    expect(shown.data?.some((a) => a.title === '新能源汽车产业链图谱发布')).toBe(false);
  });

  it('creates an advertisement with an uploaded picture, refusing a foreign link first', async () => {
    await renderPage(await portal.login('admin'));
    fireEvent.click(await screen.findByRole('button', { name: /新增广告/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('广告标题'), { target: { value: '秋季采购节' } });
    fireEvent.change(within(dialog).getByLabelText('链接地址'), { target: { value: 'javascript:alert(1)' } });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    fireEvent.change(input, { target: { files: [new File([svg], 'banner.svg', { type: 'image/svg+xml' })] } });
    expect(await within(dialog).findByAltText('图片', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await within(dialog).findByText('链接地址须以http://、https://或/开头')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('链接地址'), { target: { value: '/supply' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText('秋季采购节', {}, { timeout: 10_000 })).toBeTruthy();
    const created = portal.calls.find((c) => c.method === 'POST' && c.path === '/system/advertisement');
    expect(created?.body).toMatchObject({ title: '秋季采购节', link: '/supply', slot: 'home_banner', enabled: true });
  });

  it('lists the education videos on their own tab', async () => {
    await renderPage(await portal.login('admin'));
    fireEvent.click(await screen.findByRole('tab', { name: '学习视频' }));
    expect(await screen.findByText('发布企业能力：三步上手', {}, { timeout: 10_000 })).toBeTruthy();
    expect(portal.calls.some((c) => c.path.startsWith('/system/education/video/list'))).toBe(true);
  });

  it('refuses a user who is not an admin', async () => {
    await renderPage(await portal.login('lina'));
    expect(screen.getByText(ADMIN_ONLY_TEXT)).toBeTruthy();
    expect(portal.calls).toEqual([]);
  });
});
