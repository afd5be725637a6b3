import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationTextKey } from '../i18n/conversation-text';

/** Translates a key of the `conversation` namespace, with `{{name}}` values. */
export type ConversationT = (key: ConversationTextKey, values?: Record<string, string | number>) => string;

/** The conversation namespace's `t`, typed to its keys. */
export function useConversationText(): ConversationT {
  const { t } = useTranslation('conversation');
  return useCallback<ConversationT>((key, values) => String(t(key, values ?? {})), [t]);
}
