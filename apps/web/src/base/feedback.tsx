import { App, Modal, type ModalFuncProps, message, notification } from 'antd';
import { useEffect } from 'react';

type AppApi = ReturnType<typeof App.useApp>;

/** Spec §9: toasts last 5 s and sit 100 px from the top. */
export const TOAST_CONFIG = { top: 100, duration: 5 } as const;

let current: AppApi | null = null;

/**
 * Toasts, notifications and confirm dialogs for code outside React (the request layer, session
 * actions). They go through the mounted antd <App> so they follow the theme and locale; before
 * it mounts, antd's static functions stand in.
 */
export const feedback = {
  get message(): AppApi['message'] {
    return current?.message ?? message;
  },
  get notification(): AppApi['notification'] {
    return current?.notification ?? notification;
  },
  confirm(config: ModalFuncProps): void {
    (current?.modal ?? Modal).confirm(config);
  },
};

/** Mounted once inside antd's <App>: hands its context-aware API to `feedback`. */
export function FeedbackBridge() {
  const api = App.useApp();
  useEffect(() => {
    current = api;
    return () => {
      current = null;
    };
  }, [api]);
  return null;
}
