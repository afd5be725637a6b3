import type { ChatSDK } from '@liaison/sdk';
import { WebSocket } from 'ws';
import type { LiaisonServer } from '../../../../apps/server/src/app';
import { connect, startServer } from '../../../../apps/server/src/integration/harness';

/**
 * A real in-memory server for component tests, in this process (the test file runs in the node
 * environment with jsdom globals from tests/support/dom-for-server-tests). SDKs use `ws`, not jsdom's socket.
 */
export interface TestServer {
  url: string;
  /** A logged-in SDK instance for this user (SDK_READY reached). */
  connect(userID: string): Promise<ChatSDK>;
  /** Accounts that exist without ever logging in (a large group's members), made in one statement. */
  createUsers(userIDs: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export async function startTestServer(): Promise<TestServer> {
  const server: LiaisonServer = await startServer();
  const chats: ChatSDK[] = [];
  return {
    url: server.url,
    async connect(userID) {
      const chat = await connect(server, userID, { WebSocket });
      chats.push(chat);
      return chat;
    },
    async createUsers(userIDs) {
      const now = Date.now();
      await server.db.query(
        'INSERT INTO users (user_id, created_at, updated_at) SELECT id, $2, $2 FROM unnest($1::text[]) AS id ON CONFLICT DO NOTHING',
        [[...userIDs], now],
      );
    },
    async close() {
      await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
      await server.close();
    },
  };
}
