import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { HandlerTable } from '../handlers';

/** CONTRACT STUB: replaced by the capability's handlers before this lands. */
export const translationHandlers: Pick<HandlerTable, 'translateText' | 'convertVoiceToText'> = {
  async translateText() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'translateText is being built');
  },
  async convertVoiceToText() {
    throw new LiaisonError(ErrorCode.INTERNAL, 'convertVoiceToText is being built');
  },
};
