import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../integration/harness';
import { PortalClient } from '../portal/test-client';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./admin.ts', import.meta.url));
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'liaison-admin-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const start = () => startServer({ testHooks: true, devOutboxEndpoint: false }, { dataDir });

const admin = (...args: string[]) =>
  run(process.execPath, ['--conditions=@liaison/source', '--import', 'tsx', CLI, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SDK_APP_ID: '', SDK_SECRET_KEY: '' },
  });

describe('npm run admin', () => {
  it('makes the first administrator of a stopped embedded server', async () => {
    let server = await start();
    await new PortalClient(server).register('13912340000', 'Secret123');
    await server.close();

    const { stdout } = await admin('grant', '13912340000');
    expect(stdout).toMatch(/13912340000 \(userID u[0-9a-f]{12}\) is now an administrator/);

    server = await start();
    try {
      const client = new PortalClient(server);
      await client.login('13912340000', 'Secret123');
      expect((await client.call('GET', '/portal/self/center/get/permission')).data).toEqual({
        roles: ['admin', 'common'],
        permissions: ['*:*:*'],
      });
    } finally {
      await server.close();
    }
  });

  it('says so when there is no such account, and how to call it when called wrongly', async () => {
    await expect(admin('grant', 'nobody')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no portal account with the mobile number or login name "nobody"'),
    });
    await expect(admin('promote')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage:') });
  });
});
