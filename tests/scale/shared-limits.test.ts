import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../apps/server/src/integration/server-process';

/**
 * Portal limits hold across server processes: two processes on one PostgreSQL count one client's
 * requests together. (SCALE_PG_URL / SCALE_NATS_URL as in two-processes.test.ts.)
 */
const ADMIN_URL = process.env.SCALE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NATS_URL = process.env.SCALE_NATS_URL ?? 'nats://127.0.0.1:4222';
const database = `liaison_limits_${randomBytes(4).toString('hex')}`;
const app = { SDK_APP_ID: '1400777002', SDK_SECRET_KEY: randomBytes(16).toString('hex') };

let p1: ServerProcess;
let p2: ServerProcess;

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await adminQuery(`CREATE DATABASE ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  // The client's address comes through a proxy on loopback, as behind a load balancer.
  const env = {
    DATABASE_URL: url.toString(),
    NATS_URL,
    ...app,
    TRUST_PROXY: 'loopback',
    LIMIT_CAPTCHA_PER_ADDRESS_MINUTE: '3',
  };
  [p1, p2] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
});

afterAll(async () => {
  for (const p of [p1, p2]) {
    if (p && p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  }
  await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
});

async function captcha(server: ServerProcess, client: string): Promise<number> {
  const response = await fetch(`${server.url}/prod-api/portal/verify/code/arithmetic`, {
    headers: { 'x-forwarded-for': client },
  });
  return ((await response.json()) as { code: number }).code;
}

describe('portal limits with two processes', () => {
  it("count one client's requests to either process together, and other clients apart", async () => {
    expect(await captcha(p1, '198.51.100.7')).toBe(200);
    expect(await captcha(p2, '198.51.100.7')).toBe(200);
    expect(await captcha(p1, '198.51.100.7')).toBe(200);
    expect(await captcha(p2, '198.51.100.7')).toBe(601);
    expect(await captcha(p1, '198.51.100.7')).toBe(601);
    expect(await captcha(p2, '198.51.100.8')).toBe(200);
  });
});
