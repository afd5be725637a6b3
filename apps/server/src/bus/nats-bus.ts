import { connect, type NatsConnection } from 'nats';
import type { Bus, BusEnvelope, BusHandler } from './bus';

const PREFIX = 'liaison.';

/**
 * Several server processes share one NATS: each publishes what it commits and receives what the
 * others commit. Subjects are distinct per user and group so NATS could route them narrowly later.
 */
export async function createNatsBus(url: string, onError: (err: Error) => void): Promise<Bus> {
  const nc: NatsConnection = await connect({ servers: url, name: 'liaison-server', maxReconnectAttempts: -1 });
  const handlers: BusHandler[] = [];
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const sub = nc.subscribe(`${PREFIX}>`);
  void (async () => {
    for await (const msg of sub) {
      try {
        const envelope = JSON.parse(decoder.decode(msg.data)) as BusEnvelope;
        const subject = msg.subject.slice(PREFIX.length);
        for (const handler of handlers) handler(subject, envelope);
      } catch (err) {
        onError(err as Error);
      }
    }
  })();
  return {
    publish(subject, envelope) {
      nc.publish(PREFIX + subject, encoder.encode(JSON.stringify(envelope)));
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    flush: () => nc.flush(),
    async close() {
      await nc.drain();
    },
  };
}
