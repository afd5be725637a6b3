import { type Call, CallMediaType } from '@liaison/protocol';
import { useEffect, useId, useRef } from 'react';
import { Avatar } from '../common/Avatar';
import { useCallText } from '../i18n/call-text';
import type { CallController } from './call-controller';
import { CallIcon } from './icons';
import { useGroupName, usePeople } from './use-call';

/**
 * The ringing dialog: who calls (or which group, and who in it), voice or video, and two
 * buttons, decline and answer. Focus starts on answer; Escape declines. It takes no focus trap:
 * the user may keep typing elsewhere and answer later (until the invite times out).
 */
export function IncomingCallDialog({ call, controller }: { call: Call; controller: CallController }) {
  const t = useCallText();
  const titleID = useId();
  const accept = useRef<HTMLButtonElement>(null);
  const people = usePeople([call.inviterID]);
  const groupName = useGroupName(call.groupID);
  const inviter = people.get(call.inviterID) ?? { name: call.inviterID, avatar: '' };
  const isVideo = call.type === CallMediaType.VIDEO;

  useEffect(() => accept.current?.focus(), []);

  const what =
    call.groupID === null
      ? t(isVideo ? 'invitesVideo' : 'invitesVoice')
      : t(isVideo ? 'groupInvitesVideo' : 'groupInvitesVoice', { name: inviter.name });
  return (
    <div
      className="lc-call-incoming"
      role="dialog"
      aria-labelledby={titleID}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        controller.reject();
      }}
    >
      <h2 id={titleID} className="lc-call__sr-only">
        {t('incomingCall')}
      </h2>
      <div className="lc-call-incoming__who">
        <Avatar url={call.groupID === null ? inviter.avatar : ''} isGroup={call.groupID !== null} size={56} />
        <div className="lc-call-incoming__text">
          <bdi className="lc-call-incoming__name">{call.groupID === null ? inviter.name : groupName}</bdi>
          <span className="lc-call-incoming__what">
            <CallIcon name={isVideo ? 'video' : 'phone'} size={16} />
            {what}
          </span>
        </div>
      </div>
      <div className="lc-call-incoming__actions">
        <button
          type="button"
          className="lc-call-button lc-call-button--hangup"
          aria-label={t('decline')}
          title={t('decline')}
          onClick={() => controller.reject()}
        >
          <CallIcon name="hangup" />
        </button>
        <button
          ref={accept}
          type="button"
          className="lc-call-button lc-call-button--accept"
          aria-label={t('accept')}
          title={t('accept')}
          onClick={() => controller.accept()}
        >
          <CallIcon name={isVideo ? 'video' : 'phone'} />
        </button>
      </div>
    </div>
  );
}
