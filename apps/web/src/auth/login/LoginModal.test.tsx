// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import '../../test/dom';
import { createDecipheriv } from 'node:crypto';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Person } from '../../api/types';
import { AppProviders } from '../../app/AppProviders';
import { reloadPage } from '../../base/page';
import {
  closeLoginModal,
  type LoginMode,
  openLoginModal,
  openWechatBinding,
  sessionStore,
} from '../../session/session-store';
import { type ApiCall, DEMO_PASSWORD, freshMobile, withPortalServer } from '../../test/portal-server';
import { LoginModal } from './LoginModal';

vi.mock('../../base/page', () => ({ reloadPage: vi.fn() }));

const portal = withPortalServer();

let sm4Key = '';
beforeAll(async () => {
  sm4Key = (await portal.client().call<{ sm4Key: string }>('GET', '/portal/client/config')).data?.sm4Key ?? '';
});

function decrypt(base64: unknown): string {
  const decipher = createDecipheriv('sm4-ecb', Buffer.from(sm4Key, 'hex'), null);
  return Buffer.concat([decipher.update(Buffer.from(String(base64), 'base64')), decipher.final()]).toString();
}

function openModal(mode: LoginMode = 'account') {
  act(() => openLoginModal(mode));
}

function renderModal(mode: LoginMode = 'account') {
  render(
    <AppProviders>
      <LoginModal />
    </AppProviders>,
  );
  openModal(mode);
}

function field(name: string): HTMLElement {
  return screen.getByLabelText(name);
}

function type(name: string, value: string) {
  fireEvent.change(field(name), { target: { value } });
}

function blur(name: string) {
  fireEvent.blur(field(name));
}

interface ShownCaptcha {
  id: string;
  src: string;
  /** The answer, through the server's test hook. */
  answer: string;
}

/** The captcha the server issued last in this test. */
function lastIssued(): { id: string; verifyCode: string } | undefined {
  const issued = portal.calls.filter((c) => c.path === '/portal/verify/code/arithmetic' && c.answer);
  return (issued.at(-1)?.answer as { data?: { id: string; verifyCode: string } } | undefined)?.data;
}

/** Waits until the picture shows the captcha the server issued last (a newer one than `after`). */
async function captchaShown(after?: ShownCaptcha): Promise<ShownCaptcha> {
  const picture = await screen.findByAltText('图形验证码');
  await waitFor(() => {
    const issued = lastIssued();
    expect(issued).toBeDefined();
    expect(issued?.id).not.toBe(after?.id);
    expect(picture.getAttribute('src')).toBe(issued?.verifyCode);
  });
  const { id, verifyCode } = lastIssued() as { id: string; verifyCode: string };
  const peek = await portal.client().call<{ answer: string }>('GET', `/test/captcha/${id}`);
  return { id, src: verifyCode, answer: peek.data?.answer ?? '' };
}

const posts = (path: string) => portal.calls.filter((c: ApiCall) => c.method === 'POST' && c.path === path);

beforeEach(() => {
  vi.mocked(reloadPage).mockClear();
});

describe('the login modal', () => {
  it('opens on account login, 400 px wide, with both login tabs and the +86 prefix on SMS login', async () => {
    renderModal();
    expect(await screen.findByRole('dialog', { name: '用户登录' })).toBeTruthy();
    expect(document.querySelector<HTMLElement>('.ant-modal')?.style.width).toBe('400px');
    expect(screen.getByRole('tab', { name: '账号登录', selected: true })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '短信登录' }));
    expect(await screen.findByText('+86')).toBeTruthy();
    expect(field('手机号')).toBeTruthy();
  });

  it('loads a fresh captcha each time it opens, and another when the picture is clicked', async () => {
    renderModal();
    const first = await captchaShown();
    act(() => closeLoginModal());
    openModal();
    const second = await captchaShown(first);
    expect(second.src).not.toBe(first.src);
    fireEvent.click(screen.getByRole('button', { name: '看不清，换一张' }));
    const third = await captchaShown(second);
    expect(third.src).not.toBe(second.src);
    expect(portal.calls.filter((c) => c.path === '/portal/verify/code/arithmetic')).toHaveLength(3);
  });

  it('tells on blur what each empty field needs, in every mode', async () => {
    renderModal();
    await captchaShown();
    blur('账号');
    blur('密码');
    blur('图形验证码');
    expect(await screen.findByText('请输入手机号/登录账号')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(await screen.findByText('请输入图形验证码')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '没有账号？立即注册' }));
    expect(await screen.findByRole('dialog', { name: '账号注册' })).toBeTruthy();
    blur('手机号');
    blur('短信验证码');
    blur('确认密码');
    expect(await screen.findByText('请输入手机号码')).toBeTruthy();
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    expect(await screen.findByText('请输入确认密码')).toBeTruthy();
  });

  it('clears the validation messages when switching mode', async () => {
    renderModal('sms');
    await captchaShown();
    blur('手机号');
    expect(await screen.findByText('请输入手机号码')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '没有账号？立即注册' }));
    expect(await screen.findByRole('dialog', { name: '账号注册' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('请输入手机号码')).toBeNull());
    expect(field('手机号')).toBeTruthy();
  });

  it('logs in by account with the SM4-encrypted fields, stores the token, toasts and reloads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderModal();
    const captcha = await captchaShown();
    type('账号', 'zhangwei');
    type('密码', DEMO_PASSWORD);
    type('图形验证码', captcha.answer);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    expect(await screen.findByText('登录成功')).toBeTruthy();
    const [login] = posts('/portal/login/normal');
    const body = login?.body as Record<string, string>;
    expect(decrypt(body.loginName)).toBe('zhangwei');
    expect(decrypt(body.password)).toBe(DEMO_PASSWORD);
    expect(decrypt(body.verifyCode)).toBe(captcha.answer);
    expect(body.verifyCodeId).toBe(captcha.id);
    expect(login?.authorization).toBeNull();
    const token = (login?.answer as { data?: { token: string } } | undefined)?.data?.token ?? '';
    expect(token).not.toBe('');
    const person = (await portal.client(token).call<Person>('GET', '/portal/self/center/info')).data;
    expect(person).toMatchObject({ loginName: 'zhangwei' });
    expect(sessionStore.getState()).toMatchObject({ user: { token }, loginStatus: true, person });
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual({ token });
    expect(portal.calls.find((c) => c.path === '/portal/self/center/info')?.authorization).toBe(`Bearer ${token}`);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('shows why a login failed and loads a new captcha', async () => {
    renderModal();
    const before = await captchaShown();
    type('账号', 'lina');
    type('密码', 'Wrong1234');
    type('图形验证码', before.answer);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect((await captchaShown(before)).src).not.toBe(before.src);
    expect((field('图形验证码') as HTMLInputElement).value).toBe('');
    expect(sessionStore.getState().loginStatus).toBe(false);
  });

  it('points out different register passwords yet still submits them, encrypted', async () => {
    const mobile = freshMobile();
    renderModal('register');
    await captchaShown();
    type('手机号', mobile);
    type('图形验证码', '9');
    type('短信验证码', '246810');
    type('密码', 'Passw0rd1');
    type('确认密码', 'Passw0rd2');
    blur('确认密码');
    expect(await screen.findByText('两次输入的密码不一致，请重新输入')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '注册' }));

    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    const [register] = posts('/portal/login/mobile');
    const body = register?.body as Record<string, string>;
    expect(body.mobileNumber).toBe(mobile);
    expect(body.smsVerifyCode).toBe('246810');
    expect(decrypt(body.password)).toBe('Passw0rd1');
    expect(decrypt(body.secPassword)).toBe('Passw0rd2');
  });

  it('logs in by SMS without the captcha, which only serves to send the code', async () => {
    // chenlei (a demo person) has a live code; the modal's own button is not used.
    expect((await portal.client().sendSms('13800000004')).code).toBe(200);
    renderModal('sms');
    await captchaShown();
    type('手机号', '13800000004');
    type('短信验证码', '135790');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    type('短信验证码', '246810');
    // The name may keep the spinner's label: jsdom never ends its leave motion.
    fireEvent.click(screen.getByRole('button', { name: /^(loading )?登录$/ }));
    expect(await screen.findByText('登录成功')).toBeTruthy();
    expect(posts('/portal/login/mobile').map((c) => c.body)).toEqual([
      { mobileNumber: '13800000004', smsVerifyCode: '135790' },
      { mobileNumber: '13800000004', smsVerifyCode: '246810' },
    ]);
  });
});

describe('registration', () => {
  it('checks the password rule of the placeholder on blur', async () => {
    renderModal('register');
    await captchaShown();
    const rule = '密码长度为8-20位，且须同时包含字母和数字';
    for (const weak of ['abc123', 'abcdefghij', '1234567890', 'Passw0rd'.repeat(3)]) {
      type('密码', weak);
      blur('密码');
      expect(await screen.findByText(rule)).toBeTruthy();
    }
    type('密码', 'Passw0rd!');
    blur('密码');
    await waitFor(() => expect(screen.queryByText(rule)).toBeNull());
  });
});

describe('WeChat login', () => {
  it('offers no WeChat icon while the server has WeChat login unconfigured', async () => {
    renderModal();
    await captchaShown();
    // The settings were fetched (once per page) when the modal first opened.
    expect(
      (await portal.client().call<{ wechatLogin?: boolean }>('GET', '/portal/client/config')).data?.wechatLogin,
    ).not.toBe(true);
    expect(screen.queryByRole('button', { name: '微信登录' })).toBeNull();
  });

  it('binds a WeChat account in the bind-account mode: SMS login sends its key', async () => {
    render(
      <AppProviders>
        <LoginModal />
      </AppProviders>,
    );
    act(() => openWechatBinding({ wechatKey: 'pending-key-1', nickname: '微信用户小陈' }));
    expect(await screen.findByRole('dialog', { name: '绑定账号' })).toBeTruthy();
    expect(screen.getByText('微信用户「微信用户小陈」尚未绑定平台账号，请用手机号验证登录完成绑定。')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: '账号登录' })).toBeNull();
    await captchaShown();
    type('手机号', '13800000004');
    type('短信验证码', '135790');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(posts('/portal/login/mobile')[0]?.answer).toBeDefined());
    expect(posts('/portal/login/mobile')[0]?.body).toEqual({
      mobileNumber: '13800000004',
      smsVerifyCode: '135790',
      wechatKey: 'pending-key-1',
    });
    expect(sessionStore.getState().loginStatus).toBe(false);
  });
});

describe('the SMS button', () => {
  it('asks for the mobile number and captcha before sending', async () => {
    renderModal('sms');
    await captchaShown();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入手机号码')).toBeTruthy();
    expect(await screen.findByText('请输入图形验证码')).toBeTruthy();
    expect(posts('/portal/login/send/sms/code')).toHaveLength(0);
  });

  it('counts 120 seconds down after a send, ignores clicks meanwhile, and starts over when the code expired', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderModal('sms');
    const captcha = await captchaShown();
    type('手机号', '13800000002');
    type('图形验证码', captcha.answer);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));

    expect(await screen.findByText('验证码已发送，请查收短信')).toBeTruthy();
    expect(posts('/portal/login/send/sms/code')[0]?.body).toEqual({
      mobileNumber: '13800000002',
      verifyCode: captcha.answer,
      verifyCodeId: captcha.id,
    });
    const button = await screen.findByRole('button', { name: '120秒后重新发送' });
    expect(button.hasAttribute('disabled')).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: '119秒后重新发送' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '119秒后重新发送' }));
    expect(posts('/portal/login/send/sms/code')).toHaveLength(1);

    // Five minutes pass: the code runs out (no API ages a code; the database is the server's).
    await portal.server().db.query('UPDATE portal_sms_codes SET expires_at = 0 WHERE mobile = $1', ['13800000002']);
    type('短信验证码', '111111');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('验证码已过期，请重新获取')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '获取验证码' })).toBeTruthy();
  });

  it('frees itself when the countdown ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderModal('sms');
    const captcha = await captchaShown();
    type('手机号', '13800000003');
    type('图形验证码', captcha.answer);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '120秒后重新发送' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(screen.getByRole('button', { name: '获取验证码' }).hasAttribute('disabled')).toBe(false);
  });
});
