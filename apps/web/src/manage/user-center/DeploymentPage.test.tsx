// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAs } from '../../test/manage-page';
import { withPortalServer } from '../../test/portal-server';
import { DeploymentPage } from './DeploymentPage';

const portal = withPortalServer();

describe('the deployment page', () => {
  it('shows each capability on, and an admin’s switch saves it off and back on', async () => {
    const admin = await portal.login('admin');
    await renderAs(portal, admin, <DeploymentPage />);
    const translation = await screen.findByRole('switch', { name: '消息翻译' }, { timeout: 10_000 });
    await waitFor(() => expect(translation.getAttribute('aria-checked')).toBe('true'));
    for (const name of ['群消息已读回执', '用户在线状态', '语音转文字']) {
      expect(screen.getByRole('switch', { name }).getAttribute('aria-checked')).toBe('true');
    }
    fireEvent.click(translation);
    await waitFor(() => expect(translation.getAttribute('aria-checked')).toBe('false'), { timeout: 10_000 });
    const saved = await admin.call<{ translation: boolean }>('GET', '/system/deployment/abilities');
    expect(saved.data?.translation).toBe(false);
    fireEvent.click(translation);
    await waitFor(() => expect(translation.getAttribute('aria-checked')).toBe('true'), { timeout: 10_000 });
  });

  it('tells an account without the admin role that the page is not for it', async () => {
    await renderAs(portal, await portal.login('wangfang'), <DeploymentPage />);
    expect(await screen.findByText('当前操作没有权限，仅平台管理员可访问')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
