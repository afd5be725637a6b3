import { z } from 'zod';
import { asProviderError, describeFailure, ProviderError, type TranslationProvider } from './providers';

export interface LibreTranslateOptions {
  /** TRANSLATE_URL: the service's base URL (…/translate is added) or its /translate endpoint. */
  url: string;
  /** TRANSLATE_API_KEY, sent as api_key; null: none. */
  apiKey: string | null;
  timeoutMs: number;
}

/** At most this many texts are translated at once (one request each). */
const CONCURRENT_REQUESTS = 4;

const answerSchema = z.object({ translatedText: z.string() });

/**
 * A LibreTranslate-compatible service: POST /translate {q, source, target, format: 'text',
 * api_key} → {translatedText}, one text per request (array `q` is not part of every compatible
 * service). The texts go to the service and nowhere else: never into a log line.
 */
export function libreTranslate(options: LibreTranslateOptions): TranslationProvider {
  const endpoint = translateEndpoint(options.url);
  const translateOne = async (q: string, source: string, target: string): Promise<string> => {
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          q,
          source,
          target,
          format: 'text',
          ...(options.apiKey ? { api_key: options.apiKey } : {}),
        }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) throw new ProviderError(await describeFailure(response));
      const answer = answerSchema.safeParse(await response.json().catch(() => null));
      if (!answer.success) throw new ProviderError('the answer has no translatedText');
      return answer.data.translatedText;
    } catch (err) {
      throw asProviderError(err, options.timeoutMs);
    }
  };
  return {
    async translate(texts, source, target) {
      const results: string[] = new Array(texts.length);
      let next = 0;
      const lane = async () => {
        while (next < texts.length) {
          const at = next++;
          results[at] = await translateOne(texts[at] as string, source ?? 'auto', target);
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENT_REQUESTS, texts.length) }, lane));
      return results;
    },
  };
}

function translateEndpoint(base: string): string {
  const url = new URL(base);
  if (!url.pathname.endsWith('/translate')) url.pathname = `${url.pathname.replace(/\/+$/, '')}/translate`;
  return url.toString();
}
