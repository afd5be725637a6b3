/** Every notification a page showed, as the browser's Notification would have been asked. */
export interface ShownNotification {
  title: string;
  options: NotificationOptions;
  notification: { onclick: (() => void) | null; close(): void; closed: boolean };
}

/** A stand-in for the browser's Notification with the given permission, recording what was shown. */
export function fakeNotification(permission: NotificationPermission = 'granted') {
  const shown: ShownNotification[] = [];
  class RecordingNotification {
    static permission = permission;
    onclick: (() => void) | null = null;
    closed = false;
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options, notification: this });
    }
    close() {
      this.closed = true;
    }
  }
  return { shown, Notification: RecordingNotification as unknown as typeof Notification };
}
