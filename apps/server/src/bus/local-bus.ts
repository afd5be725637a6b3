import { type Bus, type BusHandler, toDelivery } from './bus';

/** One process: delivery is a function call, deferred so publishers never re-enter handlers. */
export function createLocalBus(): Bus {
  const handlers: BusHandler[] = [];
  return {
    publish(targets, envelope) {
      const delivery = toDelivery(targets, envelope);
      queueMicrotask(() => {
        for (const handler of handlers) handler(delivery);
      });
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async flush() {},
    async close() {
      handlers.length = 0;
    },
  };
}
