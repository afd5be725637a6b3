import type { HandlerTable } from '../../gateway/handlers';

/** Translation and voice to text: translation/translation-service.ts. */
export const translationHandlers: Pick<HandlerTable, 'translateText' | 'convertVoiceToText'> = {
  translateText: ({ translation }, _session, _user, body) => translation.translateText(body),
  convertVoiceToText: ({ translation }, _session, user, body) => translation.convertVoiceToText(user.userID, body),
};
