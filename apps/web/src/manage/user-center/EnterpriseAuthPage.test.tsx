// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { EnterpriseMaterial } from '../../api/types';
import { AppProviders } from '../../app/AppProviders';
import { sessionStore } from '../../session/session-store';
import {
  type ApiCall,
  creditCode,
  type Material,
  type PortalClient,
  reviewEnterprise,
  submitEnterprise,
  verifyRealName,
  withPortalServer,
} from '../../test/portal-server';
import { EnterpriseAuthPage } from './EnterpriseAuthPage';

const portal = withPortalServer();

const MATERIAL: Material = {
  enterpriseName: '链联科技有限公司',
  creditCode: creditCode(),
  legalPerson: '张三',
  contactPhone: '0591-88888888',
  address: '福州市鼓楼区',
};

/** A new account with verified real name. */
async function verifiedPerson(): Promise<PortalClient> {
  const who = await portal.register();
  await verifyRealName(who);
  return who;
}

async function renderPage(who: PortalClient) {
  await portal.enterSession(who);
  portal.calls.length = 0;
  render(
    <AppProviders>
      <MemoryRouter>
        <EnterpriseAuthPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

const posts = () => portal.calls.filter((c: ApiCall) => c.method === 'POST');

describe('enterprise verification', () => {
  it('submits new material with the uploaded licence, then shows it under review', async () => {
    await renderPage(await verifiedPerson());
    await screen.findByRole('button', { name: '提交认证' });
    fill('企业名称', MATERIAL.enterpriseName);
    fill('统一社会信用代码', MATERIAL.creditCode.toLowerCase());
    fill('法定代表人', MATERIAL.legalPerson);
    fill('联系电话', MATERIAL.contactPhone);
    fill('企业地址', MATERIAL.address);
    chooseFile(new File(['%PDF-1.4\n%%EOF\n'], 'licence.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [upload] = posts();
    // A licence is a private upload: its link is signed for the owner's session, and opens only
    // in the browser that session's cookie lives in (docs/security.md "Private uploads").
    expect(upload?.path).toBe('/common/upload?visibility=private');
    await waitFor(() => expect(upload?.answer).toBeDefined());
    const licence = (upload?.answer as { fileName?: string } | undefined)?.fileName ?? '';
    // Listed by the name the file had on the applicant's computer, not the stored one.
    const link = await screen.findByRole('link', { name: 'licence.pdf' });
    const href = link.getAttribute('href') ?? '';
    expect(href).toMatch(/^\/prod-api\/profile\/upload\/.+\?expires=\d+&viewer=[^&]+&sig=/);
    // This test's fetch keeps no cookies: to it, as to anyone who borrowed the link, it is not there.
    expect(await (await fetch(href)).text()).not.toContain('%PDF-1.4');
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }));

    expect(await screen.findByText('提交成功，请等待审核')).toBeTruthy();
    const [, submitted] = posts();
    expect(submitted?.path).toBe('/portal/supply/chain/upload/auth/data');
    expect(submitted?.body).toEqual({ ...MATERIAL, businessLicense: licence });
    expect(await screen.findByText('企业认证资料已提交，正在审核中，请耐心等待')).toBeTruthy();
    await waitFor(() => expect(sessionStore.getState().person?.userType).toBe(2));
  });

  it('says what is missing before sending anything', async () => {
    await renderPage(await verifiedPerson());
    fireEvent.click(await screen.findByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('请输入企业名称')).toBeTruthy();
    expect(await screen.findByText('请上传营业执照')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('refuses a licence of the wrong type on the client, with the spec message', async () => {
    await renderPage(await verifiedPerson());
    await screen.findByRole('button', { name: '提交认证' });
    chooseFile(new File(['MZ'], 'setup.exe'));
    expect(await screen.findByText('文件格式不正确，请上传jpg/jpeg/png/pdf格式文件')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('refuses a licence over 5 MB on the client', async () => {
    await renderPage(await verifiedPerson());
    await screen.findByRole('button', { name: '提交认证' });
    chooseFile(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png'));
    expect(await screen.findByText('上传文件大小不能超过5MB')).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it('replaces pending material through the edit call', async () => {
    const who = await verifiedPerson();
    const licence = await submitEnterprise(who, MATERIAL);
    await renderPage(who);
    expect(await screen.findByText('企业认证资料已提交，正在审核中，请耐心等待')).toBeTruthy();
    expect((screen.getByLabelText('企业名称') as HTMLInputElement).value).toBe(MATERIAL.enterpriseName);
    fill('企业地址', '福州市台江区');
    fireEvent.click(screen.getByRole('button', { name: '修改并重新提交' }));
    await waitFor(() => expect(posts()[0]?.path).toBe('/portal/supply/chain/edit/auth/data'));
    expect(posts()[0]?.body).toMatchObject({ address: '福州市台江区', businessLicense: licence });
    expect(await screen.findByText('修改成功，请等待审核')).toBeTruthy();
    const saved = await who.call<EnterpriseMaterial>('GET', '/portal/supply/chain/auth/data');
    expect(saved.data).toMatchObject({ address: '福州市台江区', status: 0 });
  });

  it('lists the licence of earlier material under the name it was uploaded with', async () => {
    const who = await verifiedPerson();
    const licence = await submitEnterprise(who, MATERIAL);
    await renderPage(who);
    expect(await screen.findByText('licence.pdf')).toBeTruthy();
    expect(screen.queryByText(licence.slice(licence.lastIndexOf('/') + 1))).toBeNull();
  });

  it('shows why material was rejected', async () => {
    const who = await verifiedPerson();
    await submitEnterprise(who, MATERIAL);
    await reviewEnterprise(await portal.login('admin'), who, { approve: false, reason: '营业执照不清晰' });
    await renderPage(who);
    expect(await screen.findByText('企业认证未通过')).toBeTruthy();
    expect(screen.getByText('原因：营业执照不清晰。请修改资料后重新提交。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '修改并重新提交' })).toBeTruthy();
  });

  it('shows approved material without a form', async () => {
    const who = await verifiedPerson();
    await submitEnterprise(who, MATERIAL);
    await reviewEnterprise(await portal.login('admin'), who, { approve: true });
    await renderPage(who);
    expect(await screen.findByText('企业认证已通过')).toBeTruthy();
    expect(screen.getByText(MATERIAL.creditCode)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '修改并重新提交' })).toBeNull();
  });

  it('asks for real-name verification first', async () => {
    await renderPage(await portal.register());
    expect(await screen.findByText('请先完成实名认证，再提交企业认证资料')).toBeTruthy();
    expect(screen.getByRole('button', { name: '提交认证' }).hasAttribute('disabled')).toBe(true);
  });
});
