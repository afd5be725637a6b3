import type { ChatSDK } from '@liaison/sdk';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createKitI18n, type KitLanguage } from '../i18n';
import { resolveFeatures } from '../kit/features';
import { KitProvider } from '../kit/kit-context';

/** Renders part of the kit the way ChatKit mounts it: with its SDK, layout and language. */
export function renderInKit(
  chat: ChatSDK,
  ui: ReactElement,
  { language = 'en', isH5 = false }: { language?: KitLanguage; isH5?: boolean } = {},
) {
  const i18n = createKitI18n(language);
  const wrap = (element: ReactElement) => (
    <I18nextProvider i18n={i18n}>
      <KitProvider value={{ chat, isH5, features: resolveFeatures() }}>{element}</KitProvider>
    </I18nextProvider>
  );
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}
