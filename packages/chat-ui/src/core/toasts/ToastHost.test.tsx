// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import { ErrorCode, LiaisonError } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../../../apps/server/src/integration/harness';
import { renderInKit } from '../../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { ToastHost } from './ToastHost';
import { showErrorToast } from './toast-center';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

describe('error toasts', () => {
  it('shows a known code in the UI language and anything else as its raw message', async () => {
    const chat = await server.connect('toast-ann');
    renderInKit(chat, <ToastHost />, { language: 'zh-CN' });
    act(() => showErrorToast(chat, new LiaisonError(ErrorCode.REACTION_LIMIT)));
    expect(screen.getByRole('alert').textContent).toContain('已达到表情回应上限');
    act(() => showErrorToast(chat, new LiaisonError(ErrorCode.OPERATION_RATE_LIMITED, 'Too many requests (42)')));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      '已达到表情回应上限×',
      'Too many requests (42)×',
    ]);
  });

  it('shows the same failure once, goes away when dismissed', async () => {
    const chat = await server.connect('toast-twice');
    renderInKit(chat, <ToastHost />);
    act(() => {
      showErrorToast(chat, new LiaisonError(ErrorCode.MESSAGE_REVOKE_TIME_LIMIT));
      showErrorToast(chat, new LiaisonError(ErrorCode.MESSAGE_REVOKE_TIME_LIMIT));
    });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Withdrawal deadline has passed×']);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says "Network exception…" for a failure while the connection is down', async () => {
    const own = await startServer();
    const { connect } = await import('../../../../../apps/server/src/integration/harness');
    const { WebSocket } = await import('ws');
    const chat = await connect(own, 'toast-offline', { WebSocket });
    renderInKit(chat, <ToastHost />, { language: 'zh-TW' });
    const lost = new Promise<void>((resolve) => chat.on(chat.EVENT.NET_STATE_CHANGE, () => resolve()));
    await own.close();
    await lost;
    act(() => showErrorToast(chat, new LiaisonError(ErrorCode.REQUEST_TIMEOUT)));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('網路異常，請檢查網路設定'));
    await chat.logout();
  });
});
