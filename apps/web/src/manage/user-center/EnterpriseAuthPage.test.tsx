// @vitest-environment jsdom
import '../../test/dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { EnterpriseMaterial, Person } from '../../api/types';
import { AppProviders } from '../../app/AppProviders';
import { sessionStore } from '../../auth/session-store';
import { type ApiCall, fakeApi, type Handler, ok } from '../../test/fake-api';
import { EnterpriseAuthPage } from './EnterpriseAuthPage';

const VERIFIED = { userId: 'u5', userType: 1, status: 0, realPersonAuthStatus: 1 } as Person;

const MATERIAL: EnterpriseMaterial = {
  enterpriseName: '链联科技有限公司',
  creditCode: '91350100M000100Y43',
  legalPerson: '张三',
  contactPhone: '0591-88888888',
  address: '福州市鼓楼区',
  businessLicense: '/profile/upload/2026/01/02/abc.png',
  status: 0,
  rejectReason: '',
  submittedAt: Date.UTC(2026, 0, 2),
};

function renderPage(material: EnterpriseMaterial | null, handlers: Record<string, Handler> = {}, who = VERIFIED) {
  sessionStore.update({ loginStatus: true, user: { token: 'tok' }, person: who });
  const calls = fakeApi({
    'GET /portal/supply/chain/auth/data': ok(material),
    'GET /portal/self/center/info': ok({ ...who, userType: 2 }),
    ...handlers,
  });
  render(
    <AppProviders>
      <MemoryRouter>
        <EnterpriseAuthPage />
      </MemoryRouter>
    </AppProviders>,
  );
  return calls;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

describe('enterprise verification', () => {
  it('submits new material with the uploaded licence, then shows it under review', async () => {
    let material: EnterpriseMaterial | null = null;
    const calls = renderPage(null, {
      'GET /portal/supply/chain/auth/data': () => ok(material),
      'POST /common/upload': { code: 200, msg: '操作成功', fileName: '/profile/upload/2026/01/02/lic.pdf' },
      'POST /portal/supply/chain/upload/auth/data': (call: ApiCall) => {
        material = { ...MATERIAL, ...(call.body as object), status: 0 };
        return ok(null, '企业认证资料已提交，请等待审核');
      },
    });
    await screen.findByRole('button', { name: '提交认证' });
    fill('企业名称', MATERIAL.enterpriseName);
    fill('统一社会信用代码', MATERIAL.creditCode.toLowerCase());
    fill('法定代表人', MATERIAL.legalPerson);
    fill('联系电话', MATERIAL.contactPhone);
    fill('企业地址', MATERIAL.address);
    chooseFile(new File(['%PDF-1.4'], 'licence.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('link', { name: 'lic.pdf' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }));

    expect(await screen.findByText('企业认证资料已提交，请等待审核')).toBeTruthy();
    const [, submitted] = posts(calls);
    expect(submitted?.path).toBe('/portal/supply/chain/upload/auth/data');
    expect(submitted?.body).toEqual({
      enterpriseName: MATERIAL.enterpriseName,
      creditCode: MATERIAL.creditCode,
      legalPerson: MATERIAL.legalPerson,
      contactPhone: MATERIAL.contactPhone,
      address: MATERIAL.address,
      businessLicense: '/profile/upload/2026/01/02/lic.pdf',
    });
    expect(await screen.findByText('企业认证资料已提交，正在审核中，请耐心等待')).toBeTruthy();
    expect(sessionStore.getState().person?.userType).toBe(2);
  });

  it('says what is missing before sending anything', async () => {
    const calls = renderPage(null);
    fireEvent.click(await screen.findByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('请输入企业名称')).toBeTruthy();
    expect(await screen.findByText('请上传营业执照')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
  });

  it('refuses a licence of the wrong type on the client, with the spec message', async () => {
    const calls = renderPage(null);
    await screen.findByRole('button', { name: '提交认证' });
    chooseFile(new File(['MZ'], 'setup.exe'));
    expect(await screen.findByText('文件格式不正确，请上传jpg/jpeg/png/pdf格式文件')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
  });

  it('refuses a licence over 5 MB on the client', async () => {
    const calls = renderPage(null);
    await screen.findByRole('button', { name: '提交认证' });
    chooseFile(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png'));
    expect(await screen.findByText('上传文件大小不能超过5MB')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
  });

  it('replaces pending material through the edit call', async () => {
    const calls = renderPage(MATERIAL, { 'POST /portal/supply/chain/edit/auth/data': ok(null, '操作成功') });
    expect(await screen.findByText('企业认证资料已提交，正在审核中，请耐心等待')).toBeTruthy();
    expect((screen.getByLabelText('企业名称') as HTMLInputElement).value).toBe(MATERIAL.enterpriseName);
    fill('企业地址', '福州市台江区');
    fireEvent.click(screen.getByRole('button', { name: '修改并重新提交' }));
    await waitFor(() => expect(posts(calls)[0]?.path).toBe('/portal/supply/chain/edit/auth/data'));
    expect(posts(calls)[0]?.body).toMatchObject({ address: '福州市台江区', businessLicense: MATERIAL.businessLicense });
  });

  it('shows why material was rejected', async () => {
    renderPage({ ...MATERIAL, status: 2, rejectReason: '营业执照不清晰' });
    expect(await screen.findByText('企业认证未通过')).toBeTruthy();
    expect(screen.getByText('原因：营业执照不清晰。请修改资料后重新提交。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '修改并重新提交' })).toBeTruthy();
  });

  it('shows approved material without a form', async () => {
    renderPage({ ...MATERIAL, status: 1 });
    expect(await screen.findByText('企业认证已通过')).toBeTruthy();
    expect(screen.getByText(MATERIAL.creditCode)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '修改并重新提交' })).toBeNull();
  });

  it('asks for real-name verification first', async () => {
    renderPage(null, {}, { ...VERIFIED, userType: 0, realPersonAuthStatus: 0 });
    expect(await screen.findByText('请先完成实名认证，再提交企业认证资料')).toBeTruthy();
    expect(screen.getByRole('button', { name: '提交认证' }).hasAttribute('disabled')).toBe(true);
  });
});
