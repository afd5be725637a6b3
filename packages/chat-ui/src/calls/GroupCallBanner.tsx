import type { Call } from '@liaison/protocol';
import { type ChatEvent, EVENT } from '@liaison/sdk';
import { useEffect, useState } from 'react';
import { useKit } from '../core/kit-context';
import { useCallText } from '../i18n/call-text';
import { callControllerOf } from './call-controller';
import { useCallView } from './use-call';

/** How often an open group looks again for a call nobody told it about (its members are not all invited). */
const REFRESH_MS = 20_000;

/**
 * A line under a group's header while the group has a call going that I am not in: how many are
 * in it, and 'Join'. Looked up when the group opens, when my own call changes, when the group's
 * messages move (a call's record arrives as it ends), and every little while.
 */
export function GroupCallBanner({ groupID }: { groupID: string }) {
  const { chat, features } = useKit();
  const t = useCallText();
  const controller = callControllerOf(chat);
  const myCallID = useCallView((view) => view.call?.callID ?? null);
  const [call, setCall] = useState<Call | null>(null);

  useEffect(() => {
    let isCurrent = true;
    const look = () => {
      controller.engine
        .getGroupCall({ groupID })
        .then((found) => isCurrent && setCall(found && found.state !== 'ended' ? found : null))
        .catch(() => undefined);
    };
    look();
    const handleReceived = (event: ChatEvent<typeof EVENT.MESSAGE_RECEIVED>) => {
      if (event.data.some((message) => message.conversationID === `GROUP${groupID}`)) look();
    };
    chat.on(EVENT.MESSAGE_RECEIVED, handleReceived);
    // My own call starting or ending changes what there is to join.
    let myLastCallID = controller.getSnapshot().call?.callID ?? null;
    const stopFollowing = controller.subscribe(() => {
      const callID = controller.getSnapshot().call?.callID ?? null;
      if (callID === myLastCallID) return;
      myLastCallID = callID;
      look();
    });
    const timer = setInterval(look, REFRESH_MS);
    return () => {
      isCurrent = false;
      clearInterval(timer);
      stopFollowing();
      chat.off(EVENT.MESSAGE_RECEIVED, handleReceived);
    };
  }, [chat, controller, groupID]);

  if (!call || call.callID === myCallID || !(features.VoiceCall || features.VideoCall)) return null;
  const count = call.participants.filter((p) => p.state === 'joined').length;
  return (
    <div className="lc-call-banner" role="status">
      <span>{t('groupCallOngoing', { count })}</span>
      <button
        type="button"
        className="lc-conv-button lc-conv-button--primary"
        onClick={() => controller.join(call.callID)}
      >
        {t('join')}
      </button>
    </div>
  );
}
