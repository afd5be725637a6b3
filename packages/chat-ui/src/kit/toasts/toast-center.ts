import { type ChatEvent, type ChatSDK, EVENT, TYPES } from '@liaison/sdk';

/** A failure as the user is told it: its code and raw message, and whether the line was down then. */
export interface Toast {
  id: number;
  code: number | null;
  message: string;
  /** The connection was down when it happened: the network text says more than any code. */
  wasOffline: boolean;
}

/** How long a toast stays (the reference kit's toasts last about this long). */
export const TOAST_DURATION_MS = 3_000;
/** More than this many at once would cover the chat; the oldest give way. */
const MAX_SHOWN = 3;

/**
 * The kit's error toasts for one SDK instance: anything in the kit that fails reports here (React
 * or not), and the kit's ToastHost shows them. It follows the SDK's connection state so that a
 * failure while offline reads 'Network exception…'. The same failure twice in a row shows once.
 */
export class ToastCenter {
  private toasts: readonly Toast[] = [];
  private readonly listeners = new Set<() => void>();
  private isOffline = false;
  private nextID = 1;

  constructor(chat: Pick<ChatSDK, 'on'>) {
    chat.on(EVENT.NET_STATE_CHANGE, (event: ChatEvent<typeof EVENT.NET_STATE_CHANGE>) => {
      this.isOffline = event.data.state !== TYPES.NET_STATE_CONNECTED;
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly Toast[] => this.toasts;

  showError(error: unknown): void {
    const { code, message } = describe(error);
    const wasOffline = this.isOffline;
    const same = this.toasts.find((t) => t.code === code && t.message === message && t.wasOffline === wasOffline);
    if (same) this.dismiss(same.id);
    const toast: Toast = { id: this.nextID++, code, message, wasOffline };
    this.set([...this.toasts, toast].slice(-MAX_SHOWN));
    setTimeout(() => this.dismiss(toast.id), TOAST_DURATION_MS);
  }

  dismiss(id: number): void {
    if (this.toasts.some((t) => t.id === id)) this.set(this.toasts.filter((t) => t.id !== id));
  }

  private set(toasts: readonly Toast[]): void {
    this.toasts = toasts;
    for (const listener of this.listeners) listener();
  }
}

const centers = new WeakMap<object, ToastCenter>();

/** The toast center of an SDK instance, made on first use. */
export function toastCenterOf(chat: Pick<ChatSDK, 'on'>): ToastCenter {
  let center = centers.get(chat);
  if (!center) {
    center = new ToastCenter(chat);
    centers.set(chat, center);
  }
  return center;
}

/** Tells the user about a failure: a known code in their language, anything else as its raw message. */
export function showErrorToast(chat: Pick<ChatSDK, 'on'>, error: unknown): void {
  toastCenterOf(chat).showError(error);
}

function describe(error: unknown): { code: number | null; message: string } {
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return {
      code: typeof code === 'number' ? code : null,
      message: typeof message === 'string' ? message : String(error),
    };
  }
  return { code: null, message: String(error) };
}
