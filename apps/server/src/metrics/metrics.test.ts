import { ErrorCode } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { sampleValue, scrapeMetrics } from '../../../../tests/support/metrics';
import type { LiaisonServer } from '../app';
import { type Chat, connect, recordMessages, sendText, startServer, until } from '../integration/harness';
import { loadMetricsAccess } from './access';
import { countRefusal } from './metrics';

const TOKEN = 'scrape-token-0123456789';
let server: LiaisonServer;
const chats: Chat[] = [];

beforeAll(async () => {
  server = await startServer(undefined, { metrics: { token: TOKEN, allow: ['198.51.100.0/24'] } });
});

afterAll(async () => {
  await Promise.all(chats.map((chat) => chat.logout().catch(() => undefined)));
  await server.close();
});

describe('GET /metrics', () => {
  it('counts sends by op and result and records their latency, the writer batches, bus lag and sessions', async () => {
    const alice = await user('metrics-alice');
    const bob = await user('metrics-bob');
    const received = recordMessages(bob);
    const before = await scrapeMetrics(server.url);
    for (const text of ['one', 'two', 'three']) await sendText(alice, 'metrics-bob', text);
    await until(() => received.length === 3);
    const after = await scrapeMetrics(server.url);

    const delta = (name: string) => sampleValue(after, name) - sampleValue(before, name);
    expect(delta('liaison_ops_total{op="sendMessage",result="ok"}')).toBe(3);
    expect(delta('liaison_send_latency_seconds_count')).toBe(3);
    // Every committed message is in exactly one batch.
    expect(delta('liaison_writer_batch_size_sum')).toBe(3);
    expect(delta('liaison_writer_batch_size_count')).toBeGreaterThanOrEqual(1);
    expect(delta('liaison_bus_lag_seconds_count')).toBeGreaterThanOrEqual(3);
    expect(sampleValue(after, 'liaison_sessions')).toBe(2);
  });

  it('counts refused requests under their catalogue code, and unknown ops under one label', async () => {
    const before = await scrapeMetrics(server.url);
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/im`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const answers: unknown[] = [];
    socket.on('message', (data) => answers.push(JSON.parse(data.toString())));
    socket.send(JSON.stringify({ id: 1, op: 'getConversationList', body: {} }));
    socket.send(JSON.stringify({ id: 2, op: 'made-up-op-to-create-a-series', body: {} }));
    await until(() => answers.length === 2);
    socket.close();
    const after = await scrapeMetrics(server.url);

    const delta = (name: string) => sampleValue(after, name) - sampleValue(before, name);
    expect(delta(`liaison_ops_total{op="getConversationList",result="${ErrorCode.NOT_LOGGED_IN}"}`)).toBe(1);
    expect(delta(`liaison_ops_total{op="unknown",result="${ErrorCode.UNKNOWN_OP}"}`)).toBe(1);
    expect(after).not.toContain('made-up-op');
  });

  it('counts rate-limit refusals by the limit that refused', async () => {
    const before = await scrapeMetrics(server.url);
    countRefusal('metrics_test_limit');
    countRefusal('metrics_test_limit');
    const after = await scrapeMetrics(server.url);
    const name = 'liaison_rate_limit_refusals_total{kind="metrics_test_limit"}';
    expect(sampleValue(after, name) - sampleValue(before, name)).toBe(2);
  });

  it('is served to loopback, METRICS_ALLOW addresses and the token bearer, and refused to anyone else', async () => {
    const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
      server.http.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

    const stranger = await get('203.0.113.7');
    expect(stranger.statusCode).toBe(401);
    expect(stranger.headers['www-authenticate']).toBe('Bearer');
    expect(stranger.body).not.toContain('liaison_');
    expect((await get('203.0.113.7', { authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(401);
    expect((await get('203.0.113.7', { authorization: `Bearer ${TOKEN}` })).body).toContain('liaison_ops_total');
    expect((await get('198.51.100.20')).statusCode).toBe(200);
    expect((await get('::ffff:127.0.0.1')).statusCode).toBe(200);
    // Through a reverse proxy on the same host the socket looks local; the forwarding header says otherwise.
    expect((await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(401);
  });
});

describe('metrics settings', () => {
  it('refuse a short token and an allow entry that is not an address or range', () => {
    expect(() => loadMetricsAccess({ METRICS_TOKEN: 'short' })).toThrow(/at least 16/);
    expect(() => loadMetricsAccess({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW/);
    expect(() => loadMetricsAccess({ METRICS_ALLOW: 'example.com' })).toThrow(/METRICS_ALLOW/);
    expect(loadMetricsAccess({ METRICS_ALLOW: ' 10.0.0.0/8, fd00::/8 ,192.0.2.1' })).toEqual({
      token: null,
      allow: ['10.0.0.0/8', 'fd00::/8', '192.0.2.1'],
    });
  });
});

async function user(userID: string): Promise<Chat> {
  const chat = await connect(server, userID);
  chats.push(chat);
  return chat;
}
