import { httpProvider } from './http-provider';
import { chainProviders, type ModerationProvider } from './provider';
import { wordListProvider } from './word-list';

/** MODERATION_FILE, MODERATION_URL and MODERATION_CALLBACK_TOKEN (docs/moderation.md). */
export interface ModerationSettings {
  /** JSON {words, imageSha256}; reloaded when it changes. */
  file: string | null;
  /** An HTTP moderation service. */
  url: string | null;
  /** The bearer token the service shows when it reports a message late; null: no late verdicts. */
  callbackToken: string | null;
}

export interface Moderation {
  provider: ModerationProvider;
  /** Set when late verdicts are accepted over HTTP (an HTTP provider with a callback token). */
  callback: { token: string; lateVerdict: ReturnType<typeof httpProvider>['lateVerdict'] } | null;
}

/** The word list first (no network), then the HTTP service. */
export function createModeration(settings: ModerationSettings, log: (line: string) => void): Moderation {
  const providers: ModerationProvider[] = [];
  if (settings.file) providers.push(wordListProvider(settings.file, log));
  let callback: Moderation['callback'] = null;
  if (settings.url) {
    const remote = httpProvider({ url: settings.url, log });
    providers.push(remote);
    if (settings.callbackToken) callback = { token: settings.callbackToken, lateVerdict: remote.lateVerdict };
  }
  return { provider: chainProviders(providers), callback };
}
