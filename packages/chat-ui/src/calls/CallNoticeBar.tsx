import { ErrorCode } from '@liaison/protocol';
import { toastText } from '../core/toasts/error-text';
import { type AwarenessT, useAwarenessText } from '../i18n/awareness-text';
import { type CallT, type CallTextKey, useCallText } from '../i18n/call-text';
import type { CallController, CallNotice } from './call-controller';
import { useCallView, usePeople } from './use-call';

/**
 * What became of a call, for a few seconds after the call UI closed (declined, busy, no answer,
 * cancelled), or why it could not go on (a device or network failure, a refused step). A failure
 * is an alert; the rest is a status.
 */
export function CallNoticeBar({ controller }: { controller: CallController }) {
  const t = useCallText();
  const ta = useAwarenessText();
  const notice = useCallView((view) => view.notice);
  const people = usePeople(notice?.kind === 'user' ? [notice.userID] : []);
  if (!notice) return null;
  const name = notice.kind === 'user' ? (people.get(notice.userID)?.name ?? notice.userID) : '';
  const text = noticeText(notice, name, t, ta);
  const isFailure = notice.kind === 'failure' || notice.kind === 'error';
  return (
    <div className={`lc-call-notice${isFailure ? ' lc-call-notice--error' : ''}`} role={isFailure ? 'alert' : 'status'}>
      <span>{text}</span>
      <button
        type="button"
        className="lc-call-notice__close"
        aria-label={t('dismiss')}
        onClick={() => controller.dismissNotice()}
      >
        ×
      </button>
    </div>
  );
}

const USER_KEYS = { declined: 'userDeclined', busy: 'userBusy', noAnswer: 'userNoAnswer' } as const;

const ENDED_KEYS = {
  busy: 'endedBusy',
  declined: 'endedDeclined',
  noAnswer: 'endedNoAnswer',
  cancelled: 'endedCancelled',
} as const;

const FAILURE_KEYS = {
  permissionDenied: 'failurePermissionDenied',
  noDevice: 'failureNoDevice',
  webrtcUnsupported: 'failureWebrtcUnsupported',
  connectionFailed: 'failureConnectionFailed',
} as const;

/** The call errors with a text of their own (the rest read as the kit's other error toasts). */
const ERROR_KEYS: Readonly<Record<number, CallTextKey>> = {
  [ErrorCode.CALL_NOT_FOUND]: 'error60080',
  [ErrorCode.CALL_NOT_PARTICIPANT]: 'error60081',
  [ErrorCode.CALL_ALREADY_IN_CALL]: 'error60082',
  [ErrorCode.CALL_TOO_MANY_PARTICIPANTS]: 'error60083',
  [ErrorCode.CALL_INVALID_STATE]: 'error60084',
  // The call op's own budget: starting or inviting too often (docs/calls.md).
  [ErrorCode.OPERATION_RATE_LIMITED]: 'error10006',
};

function noticeText(notice: CallNotice, name: string, t: CallT, ta: AwarenessT): string {
  switch (notice.kind) {
    case 'user':
      return t(USER_KEYS[notice.reason], { name });
    case 'ended':
      return t(ENDED_KEYS[notice.reason]);
    case 'failure':
      return t(FAILURE_KEYS[notice.failure]);
    case 'error': {
      const key = notice.code === null ? undefined : ERROR_KEYS[notice.code];
      return key ? t(key) : toastText({ code: notice.code, message: notice.message, wasOffline: false }, ta);
    }
  }
}
