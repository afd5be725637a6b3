import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyUserSig } from '../auth/usersig';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./usersig.ts', import.meta.url));
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'liaison-usersig-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function usersig(...args: string[]) {
  return run(process.execPath, ['--conditions=@liaison/source', '--import', 'tsx', CLI, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, SDK_APP_ID: '', SDK_SECRET_KEY: '' },
  });
}

describe('npm run usersig', () => {
  it('prints a userSig the development app accepts', async () => {
    const { stdout } = await usersig('alice');
    const printed = JSON.parse(stdout) as { SDKAppID: number; userID: string; userSig: string };
    const app = JSON.parse(await readFile(join(dataDir, 'dev-app.json'), 'utf8'));
    expect(printed.SDKAppID).toBe(app.sdkAppID);
    expect(verifyUserSig(app, 'alice', printed.userSig).userID).toBe('alice');
  });

  it('refuses a user ID the service would refuse, with usage help', async () => {
    const failure = await usersig('not valid!').catch((err: { code: number; stderr: string }) => err);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain('usage: npm run usersig');
  });
});
