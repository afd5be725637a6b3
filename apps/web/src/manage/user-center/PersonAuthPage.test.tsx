// @vitest-environment jsdom
import '../../test/dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Person } from '../../api/types';
import { AppProviders } from '../../app/AppProviders';
import { sessionStore } from '../../auth/session-store';
import { fakeApi, type Handler, ok, refused } from '../../test/fake-api';
import { PersonAuthPage } from './PersonAuthPage';

const UNVERIFIED = { userId: 'u4', userType: 0, realPersonAuthStatus: 0, realName: '' } as Person;

function renderPage(who: Person, handlers: Record<string, Handler> = {}) {
  sessionStore.update({ loginStatus: true, user: { token: 'tok' }, person: who });
  const calls = fakeApi(handlers);
  render(
    <AppProviders>
      <MemoryRouter>
        <PersonAuthPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return calls;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('real-name verification', () => {
  it('sends the name and ID number, then shows the verified state', async () => {
    const calls = renderPage(UNVERIFIED, {
      'POST /portal/self/center/personal/real/name/auth': ok(null, '实名认证成功'),
      'GET /portal/self/center/info': ok({ ...UNVERIFIED, userType: 1, realPersonAuthStatus: 1, realName: '*三' }),
    });
    fill('真实姓名', ' 张三 ');
    fill('身份证号', '11010519491231002X');
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('您已完成实名认证')).toBeTruthy();
    expect(screen.getByText('真实姓名：*三')).toBeTruthy();
    expect(calls[0]?.body).toEqual({ realName: '张三', idCard: '11010519491231002X' });
  });

  it('checks the ID number shape before sending', async () => {
    const calls = renderPage(UNVERIFIED);
    fill('真实姓名', '张三');
    fill('身份证号', '12345');
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('身份证号码格式不正确')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('shows the server reason when it refuses', async () => {
    renderPage(UNVERIFIED, {
      'POST /portal/self/center/personal/real/name/auth': refused('身份证号码校验位不正确'),
    });
    fill('真实姓名', '李四');
    fill('身份证号', '110105194912310021');
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('身份证号码校验位不正确')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: '提交认证' })).toBeTruthy());
  });

  it('shows a verified user their state and the way to enterprise verification', () => {
    renderPage({ ...UNVERIFIED, userType: 1, realPersonAuthStatus: 1, realName: '*四' });
    expect(screen.getByText('您已完成实名认证')).toBeTruthy();
    expect(screen.getByRole('button', { name: '前往企业认证' })).toBeTruthy();
    expect(screen.queryByLabelText('身份证号')).toBeNull();
  });
});
