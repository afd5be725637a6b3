import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus, BusDelivery } from './bus';
import { createNatsBus, decodeDelivery, encodeDelivery } from './nats-bus';

/** Two server processes' buses on the machine's NATS server. */
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

let a: Bus;
let b: Bus;
const received = { a: [] as BusDelivery[], b: [] as BusDelivery[] };

beforeAll(async () => {
  const fail = (err: Error) => {
    throw err;
  };
  a = await createNatsBus(NATS_URL, fail, () => undefined);
  b = await createNatsBus(NATS_URL, fail, () => undefined);
  // Other tests' servers may share the subject: only this file's targets count.
  const mine = (delivery: BusDelivery) => delivery.targets.some((t) => t.startsWith('user.nb-'));
  a.subscribe((delivery) => mine(delivery) && received.a.push(delivery));
  b.subscribe((delivery) => mine(delivery) && received.b.push(delivery));
});

afterAll(async () => {
  await a?.close();
  await b?.close();
});

/** Waits until both buses have what they should, or 5 s have passed (the assertions then say what is missing). */
async function settle(done: () => boolean) {
  await a.flush();
  await b.flush();
  for (let waited = 0; !done() && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('the NATS bus', () => {
  it('carries the push frame byte for byte, whatever its text holds', () => {
    const data = { text: 'line one\nline two "quoted" \\ 报价单 😀', n: 1 };
    const decoded = decodeDelivery(encodeDelivery(['user.x', 'group.g'], { event: 'message', data }, 'origin'));
    expect(decoded).toMatchObject({ targets: ['user.x', 'group.g'], event: 'message' });
    expect(JSON.parse(decoded.frame)).toEqual({ event: 'message', data });
    expect(decoded.origin).toBeUndefined();
  });

  it('delivers a publish to every process, the publisher included', async () => {
    received.a.length = 0;
    received.b.length = 0;
    a.publish(['user.nb-1'], { event: 'message', data: { id: 1 } });
    await settle(() => received.a.length > 0 && received.b.length > 0);
    expect(received.a.map((d) => d.frame)).toEqual(['{"event":"message","data":{"id":1}}']);
    expect(received.b.map((d) => d.frame)).toEqual(['{"event":"message","data":{"id":1}}']);
  });

  it('delivers an elsewhere-only publish to the other processes and not back to the publisher', async () => {
    received.a.length = 0;
    received.b.length = 0;
    a.publish(['user.nb-2'], { event: 'typing', data: { isTyping: true }, elsewhereOnly: true });
    // A publish that should come back to a would arrive before this marker does.
    a.publish(['user.nb-2'], { event: 'message', data: { marker: true } });
    await settle(() => received.a.length > 0 && received.b.length > 1);
    expect(received.a.map((d) => d.event)).toEqual(['message']);
    expect(received.b.map((d) => d.event)).toEqual(['typing', 'message']);
  });
});
