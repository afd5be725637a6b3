import { type ChatEvent, type ChatSDK, ErrorCode, EVENT, TYPES } from '@liaison/sdk';

/**
 * What the user is told: a failure (its code and raw message, and whether the line was down then)
 * or a success (its text, already in the UI language, in `message`).
 */
export interface Toast {
  id: number;
  kind: 'error' | 'success';
  code: number | null;
  message: string;
  /** The connection was down when it happened: the network text says more than any code. */
  wasOffline: boolean;
  /** What failed, in the UI language (e.g. 'Failed to delete the friend'): the reason follows it. */
  action?: string;
}

/** How long a toast stays (spec portal.md §9: toast duration 5 s). */
export const TOAST_DURATION_MS = 5_000;
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

  /** `action`: what failed, already translated; the toast then reads '<action>: <reason>'. */
  showError(error: unknown, action?: string): void {
    const { code, message } = describeError(error);
    this.show({ kind: 'error', code, message, wasOffline: this.isOffline, ...(action ? { action } : {}) });
  }

  /** A success, its text already in the UI language (spec portal.md §8, e.g. 'Application sent'). */
  showSuccess(text: string): void {
    this.show({ kind: 'success', code: null, message: text, wasOffline: false });
  }

  dismiss(id: number): void {
    if (this.toasts.some((t) => t.id === id)) this.set(this.toasts.filter((t) => t.id !== id));
  }

  private show(content: Omit<Toast, 'id'>): void {
    const same = this.toasts.find(
      (t) =>
        t.kind === content.kind &&
        t.code === content.code &&
        t.message === content.message &&
        t.wasOffline === content.wasOffline &&
        t.action === content.action,
    );
    if (same) this.dismiss(same.id);
    const toast: Toast = { id: this.nextID++, ...content };
    this.set([...this.toasts, toast].slice(-MAX_SHOWN));
    setTimeout(() => this.dismiss(toast.id), TOAST_DURATION_MS);
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

/**
 * Tells the user about a failure: a known code in their language, anything else as its raw message;
 * with `action` (translated) it reads '<action>: <reason>'.
 */
export function showErrorToast(chat: Pick<ChatSDK, 'on'>, error: unknown, action?: string): void {
  toastCenterOf(chat).showError(error, action);
}

/** Tells the user that something worked; `text` is already in their language. */
export function showSuccessToast(chat: Pick<ChatSDK, 'on'>, text: string): void {
  toastCenterOf(chat).showSuccess(text);
}

/** spec §8: a failed send says why (its row offers the resend); a cancelled upload is the user's own doing. */
export function reportSendFailure(chat: Pick<ChatSDK, 'on'>, failure: unknown): void {
  if (failure && (failure as { code?: unknown }).code !== ErrorCode.UPLOAD_CANCELLED) showErrorToast(chat, failure);
}

/** A failure's catalogue code (null when it has none) and raw message, whatever was thrown. */
export function describeError(error: unknown): { code: number | null; message: string } {
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return {
      code: typeof code === 'number' ? code : null,
      message: typeof message === 'string' ? message : String(error),
    };
  }
  return { code: null, message: String(error) };
}
