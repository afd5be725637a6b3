// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import type { CompanyPageSettings } from '@liaison/protocol';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../../test/manage-page';
import { type PortalClient, withPortalServer } from '../../test/portal-server';
import { ManageIntegratedPage } from './ManageIntegratedPage';

const portal = withPortalServer();
/** The machine may be busy: the server answers within seconds, not one. */
const SLOW = { timeout: 10_000 };

function renderPage(who: PortalClient) {
  return renderAs(portal, who, <ManageIntegratedPage />);
}

const settings = async (who: PortalClient) =>
  (await who.call<CompanyPageSettings>('GET', '/portal/supply/chain/main/page')).data;

describe('company page settings', () => {
  it('shows the saved page and saves an edited introduction and website', async () => {
    const lina = await portal.login('lina');
    await renderPage(lina);
    const intro = (await screen.findByLabelText('企业简介', {}, SLOW)) as HTMLTextAreaElement;
    expect(intro.value).toContain('宁波海通供应链管理有限公司');
    expect(screen.getByRole('img', { name: '横幅' })).toBeTruthy();
    fireEvent.change(intro, { target: { value: '宁波海通：跨境物流与海外仓一站式服务。' } });
    fireEvent.change(screen.getByLabelText('企业官网'), { target: { value: 'ftp://haitong.cn' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请输入以http://或https://开头的网址', {}, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('企业官网'), { target: { value: 'https://haitong.example.cn' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('企业主页已保存', {}, SLOW)).toBeTruthy();
    expect(await settings(lina)).toMatchObject({
      introduction: '宁波海通：跨境物流与海外仓一站式服务。',
      website: 'https://haitong.example.cn',
    });
  });

  it('hides the contact phone with the switch', async () => {
    const zhangwei = await portal.login('zhangwei');
    await renderPage(zhangwei);
    const toggle = await screen.findByRole('switch', { name: '在企业主页公开联系电话' }, SLOW);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(await screen.findByText('联系电话已隐藏', {}, SLOW)).toBeTruthy();
    await waitFor(async () => expect((await settings(zhangwei))?.phonePublic).toBe(false));
  });

  it('lists, adds and deletes partners', async () => {
    await renderPage(await portal.login('zhangwei'));
    expect(await screen.findByText('宁德时代新能源', {}, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('合作伙伴名称'), { target: { value: '博世汽车部件' } });
    fireEvent.click(screen.getByRole('button', { name: '添加合作伙伴' }));
    expect(await screen.findByText('博世汽车部件', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删除博世汽车部件' }));
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }, SLOW));
    expect(await screen.findByText('合作伙伴已删除', {}, SLOW)).toBeTruthy();
  });

  it('shows a person without an enterprise why the page cannot load', async () => {
    await renderPage(await portal.register());
    expect(await screen.findByText('企业主页设置加载失败', {}, SLOW)).toBeTruthy();
  });
});
