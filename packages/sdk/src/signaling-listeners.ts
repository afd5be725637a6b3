import type { Logger } from './core/logger';

/** What a signalling listener receives, as Tencent's: `{ name, data }`. */
export interface SignalingEvent {
  name: string;
  data: unknown;
}

export type SignalingHandler = (event: SignalingEvent) => void;

/**
 * The listeners of addSignalingListener, by event name (any string, as Tencent's). A listener that
 * throws is logged and never stops the others or the SDK.
 */
export class SignalingListeners {
  private readonly byName = new Map<string, { handler: SignalingHandler; context: unknown }[]>();

  constructor(private readonly logger: Logger) {}

  add(name: string, handler: SignalingHandler, context?: unknown): void {
    const list = this.byName.get(name) ?? [];
    if (list.some((item) => item.handler === handler && item.context === context)) return;
    this.byName.set(name, [...list, { handler, context }]);
  }

  remove(name: string, handler: SignalingHandler, context?: unknown): void {
    const list = this.byName.get(name);
    if (!list) return;
    const kept = list.filter(
      (item) => !(item.handler === handler && (context === undefined || item.context === context)),
    );
    if (kept.length > 0) this.byName.set(name, kept);
    else this.byName.delete(name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  emit(name: string, data: unknown): void {
    for (const { handler, context } of this.byName.get(name) ?? []) {
      try {
        handler.call(context, { name, data });
      } catch (error) {
        this.logger.error(`a signalling listener for ${name} threw`, error);
      }
    }
  }
}
