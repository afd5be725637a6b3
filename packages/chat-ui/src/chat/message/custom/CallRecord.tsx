import { type CallMediaFailure, CallRecordField, callMediaFailureSchema } from '@liaison/protocol';
import { useTranslation } from 'react-i18next';
import { useKit } from '../../../core/kit-context';
import { CameraIcon, PhoneIcon } from '../icons';
import { formatDuration } from '../VideoMessage';
import { type CustomData, numberField, parseObject, stringField } from './custom-data';
import type { CustomRenderer } from './custom-renderer';

/** The reference kit's call signalling actions (outer data.actionType). */
const Action = { INVITE: 1, CANCEL: 2, ACCEPT: 3, REJECT: 4, TIMEOUT: 5 } as const;

export type CallState =
  | { kind: 'duration'; seconds: number }
  /**
   * Liaison's record of a call whose media failed: why (null when unknown) and on whose side
   * ('mine' or 'theirs'; null when the record does not say who).
   */
  | { kind: 'failed'; failure: CallMediaFailure | null; side: 'mine' | 'theirs' | null }
  | { kind: 'ended' | 'started' | 'answered' | 'declined' | 'cancelled' | 'busy' | 'noAnswer' | 'timeout' };

export interface CallInfo {
  /** 1 voice, 2 video (spec §9). */
  callType: 1 | 2;
  state: CallState;
}

/**
 * What a call record says: the outer signalling (businessID 1) wraps the av_call data. A record
 * with Liaison's failure fields (callRecordData) reads as a failed call whatever its action;
 * `myUserID` tells whose side failed.
 */
export function callInfoOf(data: CustomData, isOutgoing: boolean, myUserID = ''): CallInfo | undefined {
  const inner = parseObject(data.data);
  if (inner.businessID !== 'av_call') return undefined;
  const callType = numberField(inner, 'call_type') === 2 ? 2 : 1;
  const failed = failedOf(inner, myUserID);
  if (failed) return { callType, state: failed };
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

const FAILURE_KEYS = {
  webrtcUnsupported: { mine: 'callFailedMyBrowser', theirs: 'callFailedTheirBrowser' },
  permissionDenied: { mine: 'callFailedMyPermission', theirs: 'callFailedTheirPermission' },
  noDevice: { mine: 'callFailedMyDevice', theirs: 'callFailedTheirDevice' },
  connectionFailed: { mine: 'callFailedConnection', theirs: 'callFailedConnection' },
} as const;

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

/** A call record: a voice or video icon and one readable line (duration, declined, busy, failed and why…). */
export const CallRecord: CustomRenderer = ({ data, message }) => {
  const { t } = useTranslation('message');
  const { chat } = useKit();
  // Without a login (renderer tests), a one-to-one record still tells: I am its sender or its recipient.
  const me = chat.getLoginUser?.() || (message.flow === 'out' ? message.from : message.to);
  const info = callInfoOf(data, message.flow === 'out', me);
  if (!info) return <span className="lc-message-unknown">{message.payload.description || t('customFallback')}</span>;
  const { state } = info;
  const line =
    state.kind === 'duration'
      ? t('callDuration', { duration: formatDuration(state.seconds) })
      : state.kind === 'failed'
        ? t(failureKey(state))
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

/** Liaison's failure fields of the inner av_call data, if the call failed. */
function failedOf(inner: CustomData, myUserID: string): Extract<CallState, { kind: 'failed' }> | undefined {
  const kind = inner[CallRecordField.FAILURE];
  const failedUser = stringField(inner, CallRecordField.FAILED_USER);
  if (kind === undefined && failedUser === '') return undefined;
  const parsed = callMediaFailureSchema.safeParse(kind);
  const side = failedUser === '' ? null : failedUser === myUserID ? 'mine' : 'theirs';
  return { kind: 'failed', failure: parsed.success ? parsed.data : null, side };
}

/** The line for a failed call: why, for my side or theirs; just 'call failed' when the record does not say. */
function failureKey({ failure, side }: Extract<CallState, { kind: 'failed' }>) {
  if (failure === null) return 'callFailed';
  if (failure === 'connectionFailed') return FAILURE_KEYS.connectionFailed.mine;
  return side === null ? 'callFailed' : FAILURE_KEYS[failure][side];
}
