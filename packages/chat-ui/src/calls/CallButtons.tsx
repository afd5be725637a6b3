import { CallLimits, CallMediaType } from '@liaison/protocol';
import { useState } from 'react';
import { useKit } from '../core/kit-context';
import { MemberSelectDialog } from '../groups/MemberSelectDialog';
import { useCallText } from '../i18n/call-text';
import { callTargetOf, callTypesFor } from './call-availability';
import { callControllerOf } from './call-controller';
import { CallIcon } from './icons';

export interface CallButtonsProps {
  conversationID: string;
  /** Buttons of the header or of the composer's toolbar (class names only). */
  placement: 'header' | 'toolbar';
}

/**
 * The voice and video call buttons of a conversation (spec chat.md §2): a one-to-one chat calls
 * its peer at once; a group opens the kit's member select dialog first (everyone but me, at most
 * MAX_INVITEES). None in a customer-service conversation, and each kind only while its feature
 * flag is on.
 */
export function CallButtons({ conversationID, placement }: CallButtonsProps) {
  const { chat, features, customerServiceUserIDs } = useKit();
  const t = useCallText();
  const [selecting, setSelecting] = useState<CallMediaType | null>(null);
  const target = callTargetOf(conversationID);
  const types = callTypesFor(conversationID, features, customerServiceUserIDs);
  if (!target || types.length === 0) return null;
  const controller = callControllerOf(chat);
  const me = chat.getLoginUser();

  const handleCall = (type: CallMediaType) => {
    if (target.kind === 'c2c') controller.call(target.userID, type);
    else setSelecting(type);
  };

  return (
    <>
      {types.map((type) => {
        const label = t(type === CallMediaType.VIDEO ? 'videoCall' : 'voiceCall');
        return (
          <button
            key={type}
            type="button"
            className={`lc-icon-button lc-call-start lc-call-start--${placement}`}
            aria-label={label}
            title={label}
            {...(target.kind === 'group' ? { 'aria-haspopup': 'dialog' as const } : {})}
            onClick={() => handleCall(type)}
          >
            <CallIcon name={type === CallMediaType.VIDEO ? 'video' : 'phone'} size={placement === 'header' ? 20 : 18} />
          </button>
        );
      })}
      {target.kind === 'group' && selecting !== null && (
        <MemberSelectDialog
          groupID={target.groupID}
          title={t(selecting === CallMediaType.VIDEO ? 'selectVideoTitle' : 'selectVoiceTitle')}
          isMultiple
          isSelectable={(member) => member.userID !== me}
          maxSelected={MAX_INVITEES}
          limitNote={t('selectLimit', { max: MAX_INVITEES })}
          confirmLabel={t('startCall')}
          onClose={() => setSelecting(null)}
          onConfirm={(members) => {
            setSelecting(null);
            controller.groupCall(
              target.groupID,
              members.map((member) => member.userID),
              selecting,
            );
          }}
        />
      )}
    </>
  );
}

/** Everyone in a call besides me: a mesh call holds 9 people in all. */
const MAX_INVITEES = CallLimits.MAX_PARTICIPANTS - 1;
