import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import LiaisonChat, { type ChatSDK } from '@liaison/sdk';
import { WebSocket } from 'ws';
import { genUserSig } from '../../../../../apps/server/src/auth/usersig';

/**
 * A real server for jsdom component tests. jsdom test files transform modules for the browser,
 * where the server cannot load (its migrations are found through `import.meta.url`), so the
 * harness's startServer() runs in a child Node process and the test talks to it over the network
 * through the real SDK, as a browser would.
 */
export interface ChildServer {
  url: string;
  /** A logged-in SDK instance for this user (SDK_READY reached). */
  connect(userID: string): Promise<ChatSDK>;
  close(): Promise<void>;
}

// Built from the module's own path: a `new URL('./serve.ts', import.meta.url)` would be rewritten
// by the browser transform into a page-relative http URL.
const SERVE = join(dirname(fileURLToPath(import.meta.url)), 'serve.ts');

export async function startChildServer(): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVE], { stdio: ['pipe', 'pipe', 'inherit'] });
  const info = await new Promise<{ url: string; app: { sdkAppID: number; secretKey: string } }>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`test server exited (${code}) before listening`)));
  });
  const chats: ChatSDK[] = [];
  return {
    url: info.url,
    async connect(userID) {
      const chat = LiaisonChat.create({ SDKAppID: info.app.sdkAppID, server: info.url, WebSocket });
      chats.push(chat);
      await chat.login({ userID, userSig: genUserSig(info.app, userID, 3600) });
      return chat;
    },
    async close() {
      await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    },
  };
}
