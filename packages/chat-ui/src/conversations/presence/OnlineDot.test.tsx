// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import type { ChatSDK } from '@liaison/sdk';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendText, until } from '../../../../../apps/server/src/integration/harness';
import { renderInKit } from '../../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { ConversationList } from '../ConversationList';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

/** `viewer` with a C2C conversation with each peer (each sent one message) and a group. */
async function inbox(viewer: string, peers: string[]): Promise<{ chat: ChatSDK; peers: ChatSDK[] }> {
  const chat = await server.connect(viewer);
  const peerChats: ChatSDK[] = [];
  for (const peer of peers) {
    const peerChat = await server.connect(peer);
    peerChats.push(peerChat);
    await sendText(peerChat, viewer, `hi from ${peer}`);
  }
  await chat.createGroup({ type: 'Private', name: 'Dots group', memberList: peers.map((userID) => ({ userID })) });
  await until(() => chat.conversationStore.getSnapshot().length === peers.length + 1, 10_000, 'the conversations');
  return { chat, peers: peerChats };
}

function dotOf(conversationID: string): string | null {
  return (
    document.querySelector(`[data-conversation-id="${conversationID}"] .lc-online-dot`)?.getAttribute('data-status') ??
    null
  );
}

describe('online dots in the conversation list', () => {
  it('shows a peer online, and offline once their last tab has gone', async () => {
    const { chat, peers } = await inbox('dots-viewer', ['dots-ann']);
    renderInKit(chat, <ConversationList activeConversationID={null} onSelect={() => undefined} />, {
      displayOnlineStatus: true,
    });
    await waitFor(() => expect(dotOf('C2Cdots-ann')).toBe('online'), { timeout: 10_000 });
    await peers[0]?.logout();
    await waitFor(() => expect(dotOf('C2Cdots-ann')).toBe('offline'), { timeout: 15_000 });
    // The dot says so in words too.
    expect(document.querySelector('[data-conversation-id="C2Cdots-ann"]')?.textContent).toContain('Offline');
  });

  it('shows no dots for groups, nor at all while the display-online-status setting is off', async () => {
    const { chat } = await inbox('dots-viewer2', ['dots-bea']);
    const group = chat.conversationStore.getSnapshot().find((c) => c.type === 'GROUP');
    renderInKit(chat, <ConversationList activeConversationID={null} onSelect={() => undefined} />, {
      displayOnlineStatus: true,
    });
    await waitFor(() => expect(dotOf('C2Cdots-bea')).toBe('online'), { timeout: 10_000 });
    expect(dotOf(group?.conversationID ?? '')).toBeNull();
    cleanup();
    // The peer is known to be online (above), yet with the setting off no row asks or shows it.
    renderInKit(chat, <ConversationList activeConversationID={null} onSelect={() => undefined} />);
    expect(screen.getAllByRole('button').length).toBeGreaterThan(0);
    expect(dotOf('C2Cdots-bea')).toBeNull();
  });
});
