import { connect, type NatsConnection } from 'nats';
import { type Bus, type BusDelivery, type BusHandler, type SignalHandler, toDelivery } from './bus';

/**
 * Several server processes share one NATS subject: each publishes what it commits once, with its
 * targets inside, and every process delivers to the targets it holds sessions for.
 */
const SUBJECT = 'liaison.fanout';
/** Process-to-process signals: one subject per channel, apart from the session fan-out. */
const SIGNAL_SUBJECT = 'liaison.signal';

/**
 * `onReconnected` runs each time the connection to NATS comes back after a loss: core NATS keeps
 * nothing for a subscriber that was away, so whatever was published meanwhile may be missing
 * here, and this process's sessions must catch up from storage.
 */
export async function createNatsBus(
  url: string,
  onError: (err: Error) => void,
  onReconnected: () => void,
): Promise<Bus> {
  const nc: NatsConnection = await connect({ servers: url, name: 'liaison-server', maxReconnectAttempts: -1 });
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'reconnect') onReconnected();
    }
  })();
  const handlers: BusHandler[] = [];
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const sub = nc.subscribe(SUBJECT);
  void (async () => {
    for await (const msg of sub) {
      try {
        const delivery = JSON.parse(decoder.decode(msg.data)) as BusDelivery;
        for (const handler of handlers) handler(delivery);
      } catch (err) {
        onError(err as Error);
      }
    }
  })();
  return {
    publish(targets, envelope) {
      nc.publish(SUBJECT, encoder.encode(JSON.stringify(toDelivery(targets, envelope))));
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    signal(channel, data) {
      nc.publish(`${SIGNAL_SUBJECT}.${channel}`, encoder.encode(JSON.stringify(data)));
    },
    onSignal(channel, handler: SignalHandler) {
      void (async () => {
        for await (const msg of nc.subscribe(`${SIGNAL_SUBJECT}.${channel}`)) {
          try {
            handler(JSON.parse(decoder.decode(msg.data)));
          } catch (err) {
            onError(err as Error);
          }
        }
      })();
    },
    flush: () => nc.flush(),
    async close() {
      await nc.drain();
    },
  };
}
