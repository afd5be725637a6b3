import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../apps/server/src/integration/server-process';
import { startProcessPair } from './shared-services';

/**
 * Portal limits hold across server processes: two processes on one PostgreSQL count one client's
 * requests together. (SCALE_PG_URL / SCALE_NATS_URL as in two-processes.test.ts.)
 */
let p1: ServerProcess;
let p2: ServerProcess;
let stopPair: () => Promise<void>;

beforeAll(async () => {
  // The client's address comes through a proxy on loopback, as behind a load balancer.
  ({
    p1,
    p2,
    stop: stopPair,
  } = await startProcessPair('liaison_limits', 1_400_777_003, {
    TRUST_PROXY: 'loopback',
    LIMIT_CAPTCHA_PER_ADDRESS_MINUTE: '3',
  }));
});

afterAll(async () => {
  await stopPair?.();
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
