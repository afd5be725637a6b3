import { describe, expect, it } from 'vitest';
import { AI_TIMEOUTS, aiFromEnv } from './settings';

describe('AI assistant settings', () => {
  it('leaves the assistant unconfigured without AI_BASE_URL', () => {
    expect(aiFromEnv({ AI_MODEL: 'qwen-plus' })).toBeNull();
  });

  it('reads the base URL, key and model', () => {
    expect(
      aiFromEnv({ AI_BASE_URL: 'https://api.example.com/v1', AI_API_KEY: 'sk-1', AI_MODEL: ' qwen-plus ' }),
    ).toEqual({ baseUrl: 'https://api.example.com/v1', apiKey: 'sk-1', model: 'qwen-plus', ...AI_TIMEOUTS });
    expect(aiFromEnv({ AI_BASE_URL: 'http://127.0.0.1:11434/v1', AI_MODEL: 'llama3' })?.apiKey).toBeNull();
  });

  it('refuses to start with a base URL that is not http(s) or without a model', () => {
    expect(() => aiFromEnv({ AI_BASE_URL: 'ftp://models', AI_MODEL: 'x' })).toThrow(
      'AI_BASE_URL must be an http(s) URL',
    );
    expect(() => aiFromEnv({ AI_BASE_URL: 'https://api.example.com/v1' })).toThrow('AI_BASE_URL needs AI_MODEL');
  });
});
