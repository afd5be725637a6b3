import { randomBytes, randomInt } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppCredentials } from './usersig';

const FILE = 'dev-app.json';

/**
 * Embedded mode without SDK_APP_ID/SDK_SECRET_KEY: one development app is generated on first
 * start and kept in the data dir, so userSigs stay valid across restarts.
 */
export async function loadOrCreateDevApp(dataDir: string): Promise<{ app: AppCredentials; created: boolean }> {
  const path = join(dataDir, FILE);
  const existing = await readDevApp(path);
  if (existing) return { app: existing, created: false };
  const app: AppCredentials = {
    sdkAppID: 1_400_000_000 + randomInt(0, 99_999_999),
    secretKey: randomBytes(32).toString('hex'),
  };
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(path, `${JSON.stringify(app, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return { app, created: true };
  } catch (err) {
    // Another process (the usersig CLI, a second server) created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const theirs = await readDevApp(path);
    if (!theirs) throw err;
    return { app: theirs, created: false };
  }
}

async function readDevApp(path: string): Promise<AppCredentials | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (isCredentials(parsed)) return parsed;
    throw new Error(`${path} is not a valid development app file; remove it to generate a new one`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

function isCredentials(value: unknown): value is AppCredentials {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return Number.isInteger(v.sdkAppID) && typeof v.secretKey === 'string' && v.secretKey.length > 0;
}
