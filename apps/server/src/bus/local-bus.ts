import { type Bus, type BusHandler, type SignalHandler, toDelivery } from './bus';

/** One process: delivery is a function call, deferred so publishers never re-enter handlers. */
export function createLocalBus(): Bus {
  const handlers: BusHandler[] = [];
  const signalHandlers = new Map<string, SignalHandler[]>();
  return {
    publish(targets, envelope) {
      // There is no other process.
      if (envelope.elsewhereOnly) return;
      const delivery = toDelivery(targets, envelope);
      queueMicrotask(() => {
        for (const handler of handlers) handler(delivery);
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    signal(channel, data) {
      queueMicrotask(() => {
        for (const handler of signalHandlers.get(channel) ?? []) handler(data);
      });
    },
    onSignal(channel, handler) {
      signalHandlers.set(channel, [...(signalHandlers.get(channel) ?? []), handler]);
    },
    async flush() {},
    async close() {
      handlers.length = 0;
      signalHandlers.clear();
    },
  };
}
