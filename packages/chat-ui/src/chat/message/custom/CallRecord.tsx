import { useTranslation } from 'react-i18next';
import { CameraIcon, PhoneIcon } from '../icons';
import { formatDuration } from '../VideoMessage';
import { type CustomData, numberField, parseObject } from './custom-data';
import type { CustomRenderer } from './custom-renderers';

/** The reference kit's call signalling actions (outer data.actionType). */
const Action = { INVITE: 1, CANCEL: 2, ACCEPT: 3, REJECT: 4, TIMEOUT: 5 } as const;

export type CallState =
  | { kind: 'duration'; seconds: number }
  | { kind: 'ended' | 'started' | 'answered' | 'declined' | 'cancelled' | 'busy' | 'noAnswer' | 'timeout' };

export interface CallInfo {
  /** 1 voice, 2 video (spec §9). */
  callType: 1 | 2;
  state: CallState;
}

/** What a call record says: the outer signalling (businessID 1) wraps the av_call data. */
export function callInfoOf(data: CustomData, isOutgoing: boolean): CallInfo | undefined {
  const inner = parseObject(data.data);
  if (inner.businessID !== 'av_call') return undefined;
  const callType = numberField(inner, 'call_type') === 2 ? 2 : 1;
  const action = numberField(data, 'actionType');
  const callEnd = numberField(inner, 'call_end');
  const state = ((): CallState => {
    switch (action) {
      case Action.INVITE:
        if (callEnd === undefined) return { kind: 'started' };
        return callEnd > 0 ? { kind: 'duration', seconds: callEnd } : { kind: 'ended' };
      case Action.CANCEL:
        return { kind: 'cancelled' };
      case Action.ACCEPT:
        return { kind: 'answered' };
      case Action.REJECT:
        return inner.line_busy !== undefined && inner.line_busy !== '' ? { kind: 'busy' } : { kind: 'declined' };
      case Action.TIMEOUT:
        return isOutgoing ? { kind: 'noAnswer' } : { kind: 'timeout' };
      default:
        return { kind: 'ended' };
    }
  })();
  return { callType, state };
}

const STATE_KEYS = {
  ended: 'callEnded',
  started: 'callStarted',
  answered: 'callAnswered',
  declined: 'callDeclined',
  cancelled: 'callCancelled',
  busy: 'callBusy',
  noAnswer: 'callNoAnswer',
  timeout: 'callTimeout',
} as const;

/** A call record: a voice or video icon and one readable line (duration, declined, busy…). */
export const CallRecord: CustomRenderer = ({ data, message }) => {
  const { t } = useTranslation('message');
  const info = callInfoOf(data, message.flow === 'out');
  if (!info) return <span className="lc-message-unknown">{message.payload.description || t('customFallback')}</span>;
  const { state } = info;
  const line =
    state.kind === 'duration'
      ? t('callDuration', { duration: formatDuration(state.seconds) })
      : t(STATE_KEYS[state.kind]);
  const label = info.callType === 2 ? t('callVideo') : t('callVoice');
  return (
    <span className="lc-call">
      <span className="lc-call__icon" role="img" aria-label={label} title={label}>
        {info.callType === 2 ? <CameraIcon /> : <PhoneIcon />}
      </span>
      <span>{line}</span>
    </span>
  );
};
