import type { ChatSDK } from '@liaison/sdk';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { VirtuosoMockContext } from 'react-virtuoso';
import { composerEditor } from '../chat/composer/Composer';
import { voiceButton } from '../chat/composer/ComposerToolbar';
import { type FeatureName, resolveFeatures } from '../core/features';
import { KitProvider } from '../core/kit-context';
import { createKitI18n, type KitLanguage } from '../i18n';

// jsdom does not scroll; the virtual list calls scrollBy to hold its place when history is prepended.
// The editor measures ranges to scroll the caret into view; jsdom has no layout.
if (typeof Element !== 'undefined' && !Element.prototype.scrollBy) {
  Element.prototype.scrollBy = function scrollBy() {};
}
if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
  const empty = { length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] } as unknown as DOMRectList;
  Range.prototype.getClientRects = () => empty;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
}

// What a composer shows at once comes apart from the kit's first load; a chat window asks for it
// as soon as it shows (preloadComposer), so a conversation the user opens has it. Here it is there
// from the start, as for that user. (Parts that open on a click are awaited, as the user waits.)
await Promise.all([composerEditor.load(), voiceButton.load()]);

export interface KitRenderOptions {
  language?: KitLanguage;
  isH5?: boolean;
  features?: Partial<Record<FeatureName, boolean>>;
  blockedWords?: readonly string[];
  displayMessageReadReceipt?: boolean;
  displayOnlineStatus?: boolean;
}

/**
 * Renders part of the kit the way ChatKit mounts it: with its SDK, layout, language and feature
 * flags, and a virtual list that lays out in jsdom.
 */
export function renderInKit(
  chat: ChatSDK,
  ui: ReactElement,
  {
    language = 'en',
    isH5 = false,
    features = {},
    blockedWords = [],
    displayMessageReadReceipt = true,
    displayOnlineStatus = false,
  }: KitRenderOptions = {},
) {
  const i18n = createKitI18n(language);
  const wrap = (element: ReactElement) => (
    <I18nextProvider i18n={i18n}>
      <KitProvider
        value={{
          chat,
          isH5,
          features: resolveFeatures(features),
          blockedWords,
          displayMessageReadReceipt,
          displayOnlineStatus,
        }}
      >
        <VirtuosoMockContext.Provider value={{ viewportHeight: 4000, itemHeight: 60 }}>
          {element}
        </VirtuosoMockContext.Provider>
      </KitProvider>
    </I18nextProvider>
  );
  const result = render(wrap(ui));
  return { ...result, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}
