// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import '../test/dom';
import { CallMediaType } from '@liaison/protocol';
import { CALL_EVENT, type CallEnd } from '@liaison/sdk';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { connect } from '../../../server/src/integration/harness';
import { AppProviders } from '../app/AppProviders';
import { withPortalServer } from '../test/portal-server';
import { ImProvider } from './ImProvider';
import { ImStatusLine } from './ImStatusLine';

const portal = withPortalServer();

describe('calls in the portal', () => {
  it('ring on any page while messaging is logged in, and a decline reaches the caller', async () => {
    const person = await portal.enterSession(await portal.login('zhangwei'));
    render(
      <AppProviders>
        <ImProvider>
          <ImStatusLine />
        </ImProvider>
      </AppProviders>,
    );
    const callee = person.userId;
    const caller = await connect(portal.server(), 'portal-caller', { WebSocket });
    await caller.updateMyProfile({ nick: '李四' });
    const ended = new Promise<CallEnd>((resolve) => caller.getCallEngine().on(CALL_EVENT.CALLING_END, resolve));
    // No chat kit on this page: only the portal's messaging login.
    await screen.findByText('消息服务已连接', {}, { timeout: 10_000 });
    await caller.getCallEngine().call({ userID: String(callee), type: CallMediaType.AUDIO });

    const dialog = await screen.findByRole('dialog', { name: '来电' }, { timeout: 10_000 });
    await waitFor(() => expect(within(dialog).getByText('李四')).toBeTruthy());
    expect(within(dialog).getByText('邀请你语音通话')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '拒绝' }));

    expect((await ended).reason).toBe('declined');
    await caller.logout();
  });
});
