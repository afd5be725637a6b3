import type { ChatSDK } from '@liaison/sdk';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type FeatureName, resolveFeatures } from '../core/features';
import { KitProvider } from '../core/kit-context';
import { useNarrowScreen } from '../core/use-narrow-screen';
import { createKitI18n, type KitLanguage } from '../i18n';
import { CallLayer } from './CallLayer';

export interface CallKitProps {
  /** The logged-in SDK instance the host's ChatKit uses too. */
  chat: ChatSDK;
  language: KitLanguage;
  /** Forces the phone (full-screen) or desktop call window; by default it follows the viewport. */
  isH5?: boolean;
  features?: Partial<Record<FeatureName, boolean>>;
  /** A call notification was clicked: the host opens the conversation (e.g. navigates to its chat). */
  onOpenConversation?(conversationID: string): void;
}

/**
 * The call layer on its own, for a host whose SDK lives longer than the chat kit (the portal keeps
 * messaging logged in on every page): mounted app-wide, an invite rings wherever the user is, and
 * a call goes on (minimised) when they leave the chat. ChatKit's own layer then stays quiet.
 */
export function CallKit({ chat, language, isH5, features, onOpenConversation }: CallKitProps) {
  const narrow = useNarrowScreen();
  const i18n = useMemo(() => createKitI18n(language), [language]);
  const flags = JSON.stringify(features ?? {});
  const context = useMemo(
    () => ({ chat, isH5: isH5 ?? narrow, features: resolveFeatures(JSON.parse(flags)) }),
    [chat, isH5, narrow, flags],
  );
  return (
    <I18nextProvider i18n={i18n}>
      <KitProvider value={context}>
        <CallLayer {...(onOpenConversation ? { onOpenConversation } : {})} />
      </KitProvider>
    </I18nextProvider>
  );
}
