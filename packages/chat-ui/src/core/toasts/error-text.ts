import { CALLER_NOT_IN_GROUP_MESSAGE } from '@liaison/protocol';
import { ErrorCode } from '@liaison/sdk';
import type { AwarenessT, AwarenessTextKey } from '../../i18n/awareness-text';
import type { Toast } from './toast-center';

/** Codes with a text of their own (spec chat.md §8, and the catalogue's other user-visible messages). */
const KNOWN: Readonly<Record<number, AwarenessTextKey>> = {
  [ErrorCode.LOCAL_BLOCKED_WORD]: 'error3123',
  [ErrorCode.IMAGE_INVALID_FORMAT]: 'error4004',
  [ErrorCode.FILE_BANNED]: 'error4005',
  [ErrorCode.FILE_NOT_FOUND]: 'error7004',
  [ErrorCode.FILE_TOO_LARGE]: 'error7005',
  [ErrorCode.MESSAGE_TOO_LONG]: 'error8001',
  [ErrorCode.MESSAGE_NOT_FOUND]: 'error8003',
  [ErrorCode.TEXT_SENSITIVE]: 'error80001',
  [ErrorCode.IMAGE_SENSITIVE]: 'error80004',
  [ErrorCode.MESSAGE_REVOKE_TIME_LIMIT]: 'error20016',
  [ErrorCode.USER_NOT_FOUND]: 'error20003',
  [ErrorCode.GROUP_NOT_FOUND]: 'error10010',
  [ErrorCode.GROUP_NOT_MEMBER]: 'error10011',
  [ErrorCode.REACTION_LIMIT]: 'error60045',
  [ErrorCode.NETWORK_ERROR]: 'networkException',
  // Friends and the blocklist (spec portal.md §8; docs/friends-and-blocklist.md).
  [ErrorCode.C2C_SENDER_BLOCKED]: 'error20007',
  [ErrorCode.C2C_NOT_FRIENDS]: 'error20009',
  [ErrorCode.FRIEND_IN_MY_BLACKLIST]: 'error30515',
  [ErrorCode.FRIEND_ADD_DENIED]: 'error30516',
  [ErrorCode.FRIEND_IN_THEIR_BLACKLIST]: 'error30525',
  [ErrorCode.FRIEND_APPLICATION_PENDING]: 'error30539',
  [ErrorCode.FRIEND_REMARK_TOO_LONG]: 'error60070',
  [ErrorCode.GROUP_ID_TAKEN]: 'error10021',
  // Group administration (docs/groups.md "Codes").
  [ErrorCode.GROUP_NO_PERMISSION]: 'error10007',
  [ErrorCode.GROUP_OWNER_CANNOT_QUIT]: 'error10009',
  [ErrorCode.GROUP_FULL]: 'error10014',
  [ErrorCode.GROUP_MEMBER_MUTED]: 'error10017',
  [ErrorCode.GROUP_JOIN_UNSUPPORTED]: 'error10022',
  [ErrorCode.GROUP_APPLICATION_HANDLED]: 'error10024',
};

/**
 * What a toast says (spec §8): a success, its text; a failure while offline, 'Network exception…'
 * whatever the code; a known code, its text in the UI language (10011 said of the user themself
 * names them, not 'the user'); anything else, the raw message.
 * A failure that names its action reads '<action>: <reason>'.
 */
export function toastText(
  toast: Pick<Toast, 'code' | 'message' | 'wasOffline'> & Partial<Pick<Toast, 'kind' | 'action'>>,
  t: AwarenessT,
): string {
  if (toast.kind === 'success') return toast.message;
  const key =
    toast.code === ErrorCode.GROUP_NOT_MEMBER && toast.message === CALLER_NOT_IN_GROUP_MESSAGE
      ? 'error10011Self'
      : toast.code === null
        ? undefined
        : KNOWN[toast.code];
  const reason = toast.wasOffline ? t('networkException') : key ? t(key) : toast.message;
  return toast.action ? t('failedBecause', { action: toast.action, reason }) : reason;
}
