import { describe, expect, it } from 'vitest';
import { translationFromEnv } from './settings';

describe('translation settings', () => {
  it('are off when nothing is set, with whisper-1 as the model', () => {
    expect(translationFromEnv({})).toMatchObject({ translateUrl: null, sttUrl: null, sttModel: 'whisper-1' });
  });

  it('take the providers, keys and model from the environment', () => {
    const settings = translationFromEnv({
      TRANSLATE_URL: 'https://translate.example.com',
      TRANSLATE_API_KEY: 'lt-key',
      STT_URL: 'http://127.0.0.1:9000',
      STT_API_KEY: 'sk-key',
      STT_MODEL: 'large-v3',
    });
    expect(settings).toMatchObject({
      translateUrl: 'https://translate.example.com',
      translateApiKey: 'lt-key',
      sttUrl: 'http://127.0.0.1:9000',
      sttApiKey: 'sk-key',
      sttModel: 'large-v3',
    });
  });

  it('refuse a provider URL that is not http(s), naming the variable', () => {
    expect(() => translationFromEnv({ TRANSLATE_URL: 'ftp://x' })).toThrow('TRANSLATE_URL must be an http(s) URL');
    expect(() => translationFromEnv({ STT_URL: 'not a url' })).toThrow('STT_URL must be an http(s) URL');
  });
});
