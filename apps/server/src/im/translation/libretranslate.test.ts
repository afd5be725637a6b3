import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libreTranslate } from './libretranslate';
import { ProviderError } from './providers';
import { type FakeTranslator, startFakeTranslator } from './test-providers';

let service: FakeTranslator;

beforeAll(async () => {
  service = await startFakeTranslator('k-123');
});

afterAll(async () => {
  await service.close();
});

describe('LibreTranslate adapter', () => {
  it('translates each text in order, asking with q, source, target, format text and the api key', async () => {
    const provider = libreTranslate({ url: service.url, apiKey: 'k-123', timeoutMs: 2_000 });
    const before = service.asked.length;
    const result = await provider.translate(['good morning', 'see you', 'thanks'], 'en', 'fr');
    expect(result).toEqual(['[fr] good morning', '[fr] see you', '[fr] thanks']);
    expect(service.asked.slice(before)).toEqual(
      expect.arrayContaining([{ q: 'good morning', source: 'en', target: 'fr', format: 'text', api_key: 'k-123' }]),
    );
  });

  it('asks for source auto when no source language is given, and accepts the /translate endpoint as the URL', async () => {
    const provider = libreTranslate({ url: `${service.url}/translate`, apiKey: 'k-123', timeoutMs: 2_000 });
    expect(await provider.translate(['hola'], undefined, 'en')).toEqual(['[en] hola']);
    expect(service.asked.at(-1)).toMatchObject({ q: 'hola', source: 'auto' });
  });

  it('fails with what the service said when it refuses', async () => {
    const provider = libreTranslate({ url: service.url, apiKey: 'k-123', timeoutMs: 2_000 });
    const failure = provider.translate(['please fail'], 'en', 'xx');
    await expect(failure).rejects.toBeInstanceOf(ProviderError);
    await expect(failure).rejects.toThrow('HTTP 400: xx is not supported');
  });

  it('fails when the api key is wrong', async () => {
    const provider = libreTranslate({ url: service.url, apiKey: 'wrong', timeoutMs: 2_000 });
    await expect(provider.translate(['hello'], 'en', 'de')).rejects.toThrow('HTTP 403: Invalid API key');
  });

  it('fails with a timeout when the service does not answer in time', async () => {
    const provider = libreTranslate({ url: service.url, apiKey: 'k-123', timeoutMs: 200 });
    await expect(provider.translate(['hang on'], 'en', 'de')).rejects.toThrow('no answer within 0.2 s');
  });

  it('fails when nothing listens at the URL', async () => {
    const provider = libreTranslate({ url: 'http://127.0.0.1:9', apiKey: null, timeoutMs: 2_000 });
    await expect(provider.translate(['hello'], 'en', 'de')).rejects.toBeInstanceOf(ProviderError);
  });
});
