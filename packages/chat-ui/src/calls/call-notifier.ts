import type { Call } from '@liaison/protocol';
import { CALL_EVENT, type CallEngine, type CallEventDataMap } from '@liaison/sdk';
import type { NotificationContent } from '../notifications/desktop-notifier';

export type CallNotificationKind = 'invite' | 'cancel';

export interface CallNotifierOptions {
  engine: Pick<CallEngine, 'on' | 'off'>;
  me: string;
  /** The kit's tabs (TabCoordinator): whether the user looks at one, and which tab shows a notification. */
  tabs: { isAnyTabAttended(): boolean; claim(key: string): Promise<boolean> };
  describe(kind: CallNotificationKind, call: Call): Promise<NotificationContent>;
  /** A notification was clicked (the tab has been focused): e.g. open the call's conversation. */
  onClick(kind: CallNotificationKind, call: Call): void;
  /** The browser's Notification, when there is one (injectable for tests). */
  Notification?: typeof Notification;
  win?: Pick<Window, 'focus'>;
}

/**
 * Desktop notifications of calls (spec portal.md §4, the call-invite and call-cancel variants):
 * while the user looks at none of the kit's tabs, an invite shows one notification (in one tab);
 * when the caller gives up it is replaced, under the same tag, by 'X cancelled the call'; an
 * invite answered or declined elsewhere, or timed out, takes its notification away. Nothing is
 * shown without the user's permission (the kit asks for it when a message is first sent or a
 * call first started or answered).
 */
export class CallNotifier {
  private readonly shown = new Map<string, Notification>();
  private readonly handleInvited = ({ call }: CallEventDataMap[typeof CALL_EVENT.INVITED]) =>
    void this.show('invite', call);
  private readonly handleCancelled = ({ call }: { call: Call }) => void this.show('cancel', call);
  private readonly handleNotRinging = ({ call }: { call: Call }) => {
    // A cancel replaces the invite by itself; anything else (answered elsewhere, timed out) just ends it.
    if (call.endReason !== 'cancelled') this.close(call.callID);
  };

  constructor(private readonly options: CallNotifierOptions) {}

  start(): void {
    const { engine } = this.options;
    engine.on(CALL_EVENT.INVITED, this.handleInvited);
    engine.on(CALL_EVENT.CALLING_CANCEL, this.handleCancelled);
    engine.on(CALL_EVENT.CALL_NOT_RINGING, this.handleNotRinging);
  }

  stop(): void {
    const { engine } = this.options;
    engine.off(CALL_EVENT.INVITED, this.handleInvited);
    engine.off(CALL_EVENT.CALLING_CANCEL, this.handleCancelled);
    engine.off(CALL_EVENT.CALL_NOT_RINGING, this.handleNotRinging);
    for (const callID of [...this.shown.keys()]) this.close(callID);
  }

  private async show(kind: CallNotificationKind, call: Call): Promise<void> {
    const { me, tabs } = this.options;
    const NotificationImpl = this.options.Notification ?? globalThis.Notification;
    if (NotificationImpl?.permission !== 'granted' || tabs.isAnyTabAttended()) return;
    if (!(await tabs.claim(`${me}/call/${call.callID}/${kind}`))) return;
    const content = await this.options.describe(kind, call);
    const notification = new NotificationImpl(content.title, {
      body: content.body,
      tag: `call-${call.callID}`,
      // An invite waits for an answer; the OS should not tuck it away after a few seconds.
      requireInteraction: kind === 'invite',
      ...(content.icon ? { icon: content.icon } : {}),
    });
    this.shown.set(call.callID, notification);
    notification.onclick = () => {
      (this.options.win ?? window).focus();
      this.options.onClick(kind, call);
      this.close(call.callID);
    };
  }

  private close(callID: string): void {
    this.shown.get(callID)?.close();
    this.shown.delete(callID);
  }
}
