import type { ChatSDK } from '@liaison/sdk';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { VirtuosoMockContext } from 'react-virtuoso';
import { createKitI18n } from '../i18n';
import { type FeatureName, resolveFeatures } from '../kit/features';
import { KitProvider } from '../kit/kit-context';

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

/** Renders chat parts as the kit would (English), with a virtual list that lays out in jsdom. */
export function renderWithKit(
  ui: ReactNode,
  chat: ChatSDK,
  { isH5 = false, features = {} }: { isH5?: boolean; features?: Partial<Record<FeatureName, boolean>> } = {},
) {
  const i18n = createKitI18n('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <KitProvider value={{ chat, isH5, features: resolveFeatures(features) }}>
        <VirtuosoMockContext.Provider value={{ viewportHeight: 4000, itemHeight: 60 }}>
          {ui}
        </VirtuosoMockContext.Provider>
      </KitProvider>
    </I18nextProvider>,
  );
}

/** Sends a text message through the real SDK and resolves with the stored message. */
export async function sendText(chat: ChatSDK, to: string, text: string, conversationType: 'C2C' | 'GROUP' = 'C2C') {
  const message = chat.createTextMessage({ to, conversationType, payload: { text } });
  return (await chat.sendMessage(message)).data.message;
}

export async function until(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
