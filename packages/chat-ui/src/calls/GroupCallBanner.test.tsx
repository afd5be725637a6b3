// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import { CallMediaType } from '@liaison/protocol';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatWindow } from '../shell/ChatWindow';
import { renderInKit } from '../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../test-support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

describe('GroupCallBanner', () => {
  it('offers a member who was not invited to join the group call, and goes once they are in', async () => {
    const ann = await server.connect('gcb-ann');
    const ben = await server.connect('gcb-ben');
    await server.connect('gcb-carl');
    await ben.createGroup({
      type: 'Public',
      name: 'Team',
      groupID: 'gcb-team',
      memberList: [{ userID: 'gcb-ann' }, { userID: 'gcb-carl' }],
    });
    await ben.getCallEngine().groupCall({ groupID: 'gcb-team', userIDList: ['gcb-carl'], type: CallMediaType.AUDIO });

    renderInKit(ann, <ChatWindow conversationID="GROUPgcb-team" onBack={() => undefined} />);
    expect(
      await screen.findByText('A group call is in progress (1 person)', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));

    await waitFor(() => expect(ann.getCallEngine().getActiveCall()?.groupID).toBe('gcb-team'), { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Join' })).toBeNull());
    await ann.getCallEngine().hangup();
    await ben.getCallEngine().hangup();
  });
});
