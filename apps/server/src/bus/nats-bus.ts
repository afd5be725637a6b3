import { randomBytes } from 'node:crypto';
import { connect, type NatsConnection } from 'nats';
import { type Bus, type BusDelivery, type BusEnvelope, type BusHandler, type SignalHandler, toDelivery } from './bus';

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
  const origin = randomBytes(8).toString('hex');
  const sub = nc.subscribe(SUBJECT);
  void (async () => {
    for await (const msg of sub) {
      try {
        const delivery = decodeDelivery(decoder.decode(msg.data));
        if (delivery.origin === origin) continue;
        for (const handler of handlers) handler(delivery);
      } catch (err) {
        onError(err as Error);
      }
    }
  })();
  // The server knows of the subscription only once it has read it: until then another process's
  // publish would pass this one by.
  await nc.flush();
  return {
    publish(targets, envelope) {
      nc.publish(SUBJECT, encoder.encode(encodeDelivery(targets, envelope, origin)));
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

/**
 * On the wire: the delivery without its frame as one JSON line, then the frame as it is. The
 * frame is JSON already; nesting it as a string would escape it on one side and unescape it on
 * every other, for every message (JSON.stringify never writes a raw newline, so the first one ends
 * the line).
 */
export function encodeDelivery(targets: string[], envelope: BusEnvelope, origin: string): string {
  const { frame, ...meta } = toDelivery(targets, envelope);
  if (envelope.elsewhereOnly) meta.origin = origin;
  return `${JSON.stringify(meta)}\n${frame}`;
}

export function decodeDelivery(text: string): BusDelivery {
  const end = text.indexOf('\n');
  if (end < 0) throw new Error('bus delivery without a frame');
  return { ...(JSON.parse(text.slice(0, end)) as Omit<BusDelivery, 'frame'>), frame: text.slice(end + 1) };
}
