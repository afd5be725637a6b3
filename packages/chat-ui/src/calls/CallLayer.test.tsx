// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import { CallMediaType } from '@liaison/protocol';
import { CALL_EVENT, type CallEnd, type ChatSDK } from '@liaison/sdk';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../../apps/server/src/integration/harness';
import { renderInKit } from '../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { CallLayer } from './CallLayer';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  cleanup();
});
afterAll(async () => {
  await server.close();
});

/** Ann (nick 'Ann Wu') and Ben, both logged in; Ben's call layer is on screen. */
async function annAndBen(name: string): Promise<{ ann: ChatSDK; ben: ChatSDK }> {
  const ann = await server.connect(`${name}-ann`);
  await ann.updateMyProfile({ nick: 'Ann Wu' });
  const ben = await server.connect(`${name}-ben`);
  renderInKit(ben, <CallLayer />);
  return { ann, ben };
}

/** The next end of a call as the caller's engine reports it. */
function nextEnd(chat: ChatSDK): Promise<CallEnd> {
  const engine = chat.getCallEngine();
  return new Promise((resolve) => {
    const handle = (end: CallEnd) => {
      engine.off(CALL_EVENT.CALLING_END, handle);
      resolve(end);
    };
    engine.on(CALL_EVENT.CALLING_END, handle);
  });
}

describe('CallLayer', () => {
  it('rings with the caller and the kind of call, focused on answer', async () => {
    const { ann } = await annAndBen('ring');
    await ann.getCallEngine().call({ userID: 'ring-ben', type: CallMediaType.VIDEO });

    const dialog = await screen.findByRole('dialog', { name: 'Incoming call' }, { timeout: 10_000 });
    await waitFor(() => expect(within(dialog).getByText('Ann Wu')).toBeTruthy());
    expect(within(dialog).getByText('invites you to a video call')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Answer' }));
    expect(within(dialog).getByRole('button', { name: 'Decline' })).toBeTruthy();
    await ann.getCallEngine().hangup();
    // The caller gave up: the dialog goes and the callee is told.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Incoming call' })).toBeNull());
  });

  it('declines on the decline button: the dialog closes and the caller hears it was declined', async () => {
    const { ann } = await annAndBen('decline');
    const ended = nextEnd(ann);
    await ann.getCallEngine().call({ userID: 'decline-ben', type: CallMediaType.AUDIO });

    const dialog = await screen.findByRole('dialog', { name: 'Incoming call' }, { timeout: 10_000 });
    expect(within(dialog).getByText('invites you to a voice call')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));

    expect((await ended).reason).toBe('declined');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Incoming call' })).toBeNull());
  });

  it('declines on Escape', async () => {
    const { ann } = await annAndBen('escape');
    const ended = nextEnd(ann);
    await ann.getCallEngine().call({ userID: 'escape-ben', type: CallMediaType.VIDEO });

    const dialog = await screen.findByRole('dialog', { name: 'Incoming call' }, { timeout: 10_000 });
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Answer' }), { key: 'Escape' });

    expect((await ended).reason).toBe('declined');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Incoming call' })).toBeNull());
  });

  it('shows the caller a call window while it rings out, and "declined" when it is', async () => {
    const ann = await server.connect('out-ann');
    const ben = await server.connect('out-ben');
    await ben.updateMyProfile({ nick: 'Ben Li' });
    renderInKit(ann, <CallLayer />);

    await ann.getCallEngine().call({ userID: 'out-ben', type: CallMediaType.AUDIO });
    const window = await screen.findByRole('dialog', { name: 'Call with Ben Li' }, { timeout: 10_000 });
    expect(within(window).getByText('Waiting for Ben Li to answer')).toBeTruthy();
    expect(within(window).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await until(() => ben.getCallEngine().isRingingHere(), 10_000, 'Ben ringing');
    await ben.getCallEngine().reject();

    expect(await screen.findByText('The call was declined', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Call with Ben Li' })).toBeNull();
  });

  it('answers into a call window with its time, controls, minimise and restore, and hangs up', async () => {
    const { ann } = await annAndBen('answer');
    const ended = nextEnd(ann);
    await ann.getCallEngine().call({ userID: 'answer-ben', type: CallMediaType.VIDEO });
    const ringing = await screen.findByRole('dialog', { name: 'Incoming call' }, { timeout: 10_000 });
    fireEvent.click(within(ringing).getByRole('button', { name: 'Answer' }));

    const window = await screen.findByRole('dialog', { name: 'Call with Ann Wu' }, { timeout: 10_000 });
    expect(within(window).getByRole('timer').textContent).toMatch(/^0:0\d$/);
    const controls = within(window).getByRole('toolbar', { name: 'Call controls' });
    for (const name of ['Mute microphone', 'Turn camera off', 'Switch camera', 'Switch to voice call', 'Hang up']) {
      expect(within(controls).getByRole('button', { name })).toBeTruthy();
    }
    fireEvent.click(within(controls).getByRole('button', { name: 'Mute microphone' }));
    expect(await within(controls).findByRole('button', { name: 'Unmute microphone' })).toBeTruthy();
    // The caller's tile for me says my microphone is off.
    await waitFor(() => expect(ann.getCallEngine().getActiveCall()?.participants[1]?.micMuted).toBe(true));

    fireEvent.click(within(window).getByRole('button', { name: 'Minimise the call window' }));
    expect(screen.queryByRole('dialog', { name: 'Call with Ann Wu' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Return to the call/ }));
    const restored = await screen.findByRole('dialog', { name: 'Call with Ann Wu' });

    fireEvent.click(within(restored).getByRole('button', { name: 'Hang up' }));
    expect((await ended).reason).toBe('ended');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Call with Ann Wu' })).toBeNull());
  });

  it('rings once when the host mounts a call layer of its own beside the kit', async () => {
    const ann = await server.connect('twice-ann');
    const ben = await server.connect('twice-ben');
    renderInKit(
      ben,
      <>
        <CallLayer />
        <CallLayer />
      </>,
    );
    await ann.getCallEngine().call({ userID: 'twice-ben', type: CallMediaType.AUDIO });
    await screen.findByRole('dialog', { name: 'Incoming call' }, { timeout: 10_000 });
    expect(screen.getAllByRole('dialog', { name: 'Incoming call' })).toHaveLength(1);
    await ann.getCallEngine().hangup();
    // The caller gave up: the callee is told so briefly.
    expect(await screen.findByText('The call was cancelled')).toBeTruthy();
  });
});
