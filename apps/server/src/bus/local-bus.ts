import type { Bus, BusEnvelope, BusHandler } from './bus';

/** One process: delivery is a function call, deferred so publishers never re-enter handlers. */
export function createLocalBus(): Bus {
  const handlers: BusHandler[] = [];
  return {
    publish(subject: string, envelope: BusEnvelope) {
      queueMicrotask(() => {
        for (const handler of handlers) handler(subject, envelope);
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
