import { type Call, CallMediaType } from '@liaison/protocol';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { LazyPart, lazyComponent, lazyModule } from '../common/lazy-part';
import { useKit } from '../core/kit-context';
import { useCallText } from '../i18n/call-text';
import type { NotificationContent } from '../notifications/desktop-notifier';
import { TabCoordinator } from '../notifications/tab-coordinator';
import { CallAudio } from './CallAudio';
import { CallNoticeBar } from './CallNoticeBar';
import { type CallController, callControllerOf } from './call-controller';
import { CallNotifier } from './call-notifier';
import { Ringtone } from './ringtone';
import { useCallView } from './use-call';
import './calls.css';

export interface CallLayerProps {
  /** A call notification was clicked: open that conversation (`C2C…` or `GROUP…`). */
  onOpenConversation?(conversationID: string): void;
}

/** The ringing dialog and the call window: fetched when a call first rings or starts here. */
const callScreens = lazyModule(() => import('./CallScreens'));
const CallScreens = lazyComponent(callScreens, (loaded) => loaded.CallScreens);

/**
 * Everything of a call that floats over the page: the ringing dialog with its ringtone and
 * desktop notification, the call window (or its minimised form), the others' voices, and the
 * short notice after a call. Mount it once where the SDK lives: ChatKit does, and a host whose
 * SDK outlives the kit (the portal) mounts one more app-wide; only the first one mounted shows.
 * What listens and rings is here from the start; the dialog and the window are fetched on the
 * first call (the ringtone does not wait for them).
 */
export function CallLayer({ onOpenConversation }: CallLayerProps) {
  const { chat } = useKit();
  const controller = callControllerOf(chat);
  const [token] = useState(() => Symbol('CallLayer'));
  useEffect(() => controller.claimLayer(token), [controller, token]);
  const isShown = useSyncExternalStore(
    controller.subscribe,
    () => controller.isShownBy(token),
    () => false,
  );
  return isShown ? <ShownCallLayer controller={controller} onOpenConversation={onOpenConversation} /> : null;
}

function ShownCallLayer({
  controller,
  onOpenConversation,
}: {
  controller: CallController;
  onOpenConversation: CallLayerProps['onOpenConversation'];
}) {
  const t = useCallText();
  const call = useCallView((view) => view.call);
  const phase = useCallView((view) => view.phase);
  const isRinging = phase === 'incoming';
  useRingtone(isRinging);
  useCallNotifications(controller, onOpenConversation);
  return (
    <div className="lc-call-layer">
      {call && phase !== 'idle' && (
        // Nothing while the screens load (the ringtone rings already); if they cannot, the error
        // can still end the call.
        <LazyPart
          isFloating
          onClose={() => (isRinging ? controller.reject() : controller.hangup())}
          closeLabel={t(isRinging ? 'decline' : 'hangup')}
        >
          <CallScreens call={call} phase={phase} controller={controller} />
        </LazyPart>
      )}
      {phase !== 'idle' && <CallAudio />}
      <CallNoticeBar controller={controller} />
    </div>
  );
}

/** Rings while an invite rings on this tab; stops on answer, decline, cancel or timeout. */
function useRingtone(isRinging: boolean): void {
  useEffect(() => {
    if (!isRinging) return;
    const ringtone = new Ringtone();
    ringtone.start();
    return () => ringtone.stop();
  }, [isRinging]);
}

function useCallNotifications(controller: CallController, onOpen: CallLayerProps['onOpenConversation']): void {
  const { chat } = useKit();
  const describe = useDescribeCall();
  const latest = useRef({ describe, onOpen });
  latest.current = { describe, onOpen };
  useEffect(() => {
    if (typeof Notification === 'undefined') return;
    const tabs = new TabCoordinator(window);
    const notifier = new CallNotifier({
      engine: controller.engine,
      me: chat.getLoginUser(),
      tabs,
      describe: (kind, call) => latest.current.describe(kind, call),
      onClick: (_kind, call) => latest.current.onOpen?.(call.groupID ? `GROUP${call.groupID}` : `C2C${call.inviterID}`),
    });
    notifier.start();
    return () => {
      notifier.stop();
      tabs.stop();
    };
  }, [chat, controller]);
}

/** A call's notification: who (or which group) as the title; an invite or the caller's cancel as the body. */
function useDescribeCall(): (kind: 'invite' | 'cancel', call: Call) => Promise<NotificationContent> {
  const { chat } = useKit();
  const t = useCallText();
  return async (kind, call) => {
    const profile = await chat
      .getUserProfile({ userIDList: [call.inviterID] })
      .then(({ data }) => data[0])
      .catch(() => undefined);
    const inviter = profile?.nick || call.inviterID;
    const isVideo = call.type === CallMediaType.VIDEO;
    const icon = profile?.avatar || undefined;
    let title = inviter;
    let body: string;
    if (kind === 'cancel') body = t('notifyCancelled', { name: inviter });
    else if (call.groupID) body = t(isVideo ? 'groupInvitesVideo' : 'groupInvitesVoice', { name: inviter });
    else body = t(isVideo ? 'notifyInviteVideo' : 'notifyInviteVoice');
    if (call.groupID) {
      title = chat.conversationStore.get(`GROUP${call.groupID}`)?.groupProfile?.name || call.groupID;
    }
    return { title, body, ...(icon ? { icon } : {}) };
  };
}
