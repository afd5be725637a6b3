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
};

/**
 * What a toast says (spec §8): while offline, 'Network exception…' whatever the code; a known code,
 * its text in the UI language; anything else, the raw message.
 */
export function toastText(toast: Pick<Toast, 'code' | 'message' | 'wasOffline'>, t: AwarenessT): string {
  if (toast.wasOffline) return t('networkException');
  const key = toast.code === null ? undefined : KNOWN[toast.code];
  return key ? t(key) : toast.message;
}
