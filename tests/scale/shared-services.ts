import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startS3rver } from '../../apps/server/src/files/test-s3';
import { type ServerProcess, startServerProcess } from '../../apps/server/src/integration/server-process';

/** The shared PostgreSQL and NATS of the scale suite: SCALE_PG_URL / SCALE_NATS_URL (defaults: this machine's). */
export const ADMIN_URL = process.env.SCALE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const NATS_URL = process.env.SCALE_NATS_URL ?? 'nats://127.0.0.1:4222';

/** A fresh app identity, shared by every process of one test file. */
export function scaleApp(sdkAppID: number): { sdkAppID: number; secretKey: string } {
  return { sdkAppID, secretKey: randomBytes(16).toString('hex') };
}

/** A database of its own for one test file on the shared PostgreSQL; drop() removes it. */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Two server processes on one scratch database, the shared NATS and one S3-compatible store
 * (s3rver, started here) for their files; databaseUrl lets a test look at what they stored;
 * stop() ends both, drops the database and the store.
 */
export async function startProcessPair(
  prefix: string,
  sdkAppID: number,
  extraEnv: Record<string, string> = {},
): Promise<{ p1: ServerProcess; p2: ServerProcess; databaseUrl: string; stop(): Promise<void> }> {
  const database = await createScratchDatabase(prefix);
  const s3 = await startS3rver();
  const app = scaleApp(sdkAppID);
  const env = {
    ...s3.env,
    DATABASE_URL: database.url,
    NATS_URL,
    SDK_APP_ID: String(app.sdkAppID),
    SDK_SECRET_KEY: app.secretKey,
    ...extraEnv,
  };
  const [p1, p2] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  return {
    p1,
    p2,
    databaseUrl: database.url,
    async stop() {
      for (const p of [p1, p2]) {
        if (p.child.exitCode === null && p.child.signalCode === null) {
          p.child.kill('SIGTERM');
          await p.exited;
        }
      }
      await database.drop();
      await s3.close();
    },
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
