import type { OpHandlers } from '../handler';
import type { TranslationService } from './translation-service';

/** Translation and voice to text: translation-service.ts. */
export const translationHandlers: OpHandlers<
  'translateText' | 'convertVoiceToText',
  { translation: TranslationService }
> = {
  translateText: ({ translation }, _session, _user, body) => translation.translateText(body),
  convertVoiceToText: ({ translation }, _session, user, body) => translation.convertVoiceToText(user.userID, body),
};
