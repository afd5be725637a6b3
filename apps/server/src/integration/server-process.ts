import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppCredentials } from '../auth/usersig';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
/** Node arguments that run the server from its TypeScript sources (tests, development). */
const FROM_SOURCES = ['--conditions=@liaison/source', '--import', 'tsx', MAIN];
/** Node arguments that run the compiled server, as `npm start` does (build it first: npm run build:server). */
export const COMPILED = [fileURLToPath(new URL('../../dist/main.js', import.meta.url))];

/** The server as users run it: its own process, started by main.ts with environment settings. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  app: AppCredentials;
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<number | string>;
}

export async function startServerProcess(
  env: Record<string, string>,
  nodeArgs: readonly string[] = FROM_SOURCES,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, nodeArgs, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code ?? -1)),
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Liaison listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => reject(new Error(`server exited before listening:\n${output}`)));
  });
  const app = env.SDK_APP_ID
    ? { sdkAppID: Number(env.SDK_APP_ID), secretKey: env.SDK_SECRET_KEY ?? '' }
    : (JSON.parse(await readFile(join(env.DATA_DIR ?? '', 'dev-app.json'), 'utf8')) as AppCredentials);
  return { child, url, app, exited };
}
