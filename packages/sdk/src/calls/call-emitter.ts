import { Logger } from '../core/logger';
import type { CallEventDataMap, CallEventHandler, CallEventName } from './call-types';

/** Writes through a generic key need a cast: TypeScript cannot narrow `HandlerTable[K]` for writes. */
type HandlerTable = { [K in CallEventName]?: Set<CallEventHandler<K>> };

/** The engine's listeners by event name. A listener that throws is logged and never breaks the call. */
export class CallEmitter {
  private readonly handlers: HandlerTable = {};

  constructor(private readonly logger: Logger = new Logger()) {}

  on<K extends CallEventName>(name: K, handler: CallEventHandler<K>): void {
    const set: Set<CallEventHandler<K>> = this.handlers[name] ?? new Set();
    set.add(handler);
    this.handlers[name] = set as HandlerTable[K];
  }

  off<K extends CallEventName>(name: K, handler: CallEventHandler<K>): void {
    const set: Set<CallEventHandler<K>> | undefined = this.handlers[name];
    set?.delete(handler);
  }

  /** Emits events whose names and data were worked out together (call-transitions.ts). */
  emitAll(emissions: readonly CallEmission[]): void {
    // Each emission pairs a name with its data, which TypeScript cannot see through the union.
    for (const { name, data } of emissions) this.emit(name as CallEventName, data as never);
  }

  emit<K extends CallEventName>(name: K, data: CallEventDataMap[K]): void {
    const set: Set<CallEventHandler<K>> | undefined = this.handlers[name];
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(data);
      } catch (error) {
        this.logger.error(`a listener for ${name} threw`, error);
      }
    }
  }
}

/** One event to emit, name and data kept together. */
export type CallEmission = { [K in CallEventName]: { name: K; data: CallEventDataMap[K] } }[CallEventName];

/** What the media half may emit; the engine hands it the emitter's `emit`. */
export type EmitCallEvent = CallEmitter['emit'];
