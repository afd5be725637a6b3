// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { type PortalClient, withPortalServer } from '../../test/portal-server';
import { PersonAuthPage } from './PersonAuthPage';

const portal = withPortalServer();

/** Logs `who` in (a new account when not given) and shows the page. */
async function renderPage(who?: Promise<PortalClient>) {
  await portal.enterSession(await (who ?? portal.register()));
  portal.calls.length = 0;
  render(
    <AppProviders>
      <MemoryRouter>
        <PersonAuthPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('real-name verification', () => {
  it('sends the name and ID number, then shows the verified state', async () => {
    await renderPage();
    fill('真实姓名', ' 张三 ');
    fill('身份证号', '11010519491231002X');
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('您已完成实名认证')).toBeTruthy();
    expect(screen.getByText('真实姓名：张*')).toBeTruthy();
    expect(portal.calls[0]?.body).toEqual({ realName: '张三', idCard: '11010519491231002X' });
  });

  it('checks the ID number shape before sending', async () => {
    await renderPage();
    fill('真实姓名', '张三');
    fill('身份证号', '12345');
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('身份证号码格式不正确')).toBeTruthy();
    expect(portal.calls).toHaveLength(0);
  });

  it('shows the server reason when it refuses', async () => {
    await renderPage();
    fill('真实姓名', '李四');
    fill('身份证号', '110105194912310021');
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('身份证号码校验位不正确')).toBeTruthy();
    // Usable again: no longer loading (jsdom never ends the spinner's leave motion, whose label stays).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /提交认证/ }).classList.contains('ant-btn-loading')).toBe(false),
    );
  });

  it('shows a verified user their state and the way to enterprise verification', async () => {
    await renderPage(portal.login('wangfang'));
    expect(screen.getByText('您已完成实名认证')).toBeTruthy();
    expect(screen.getByRole('button', { name: '前往企业认证' })).toBeTruthy();
    expect(screen.queryByLabelText('身份证号')).toBeNull();
  });
});
