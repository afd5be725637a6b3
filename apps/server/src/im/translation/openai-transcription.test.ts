import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAITranscription } from './openai-transcription';
import { ProviderError } from './providers';
import { type FakeTranscriber, startFakeTranscriber } from './test-providers';

let service: FakeTranscriber;
const clip = { bytes: new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]), fileName: 'voice.wav', contentType: 'audio/wav' };

beforeAll(async () => {
  service = await startFakeTranscriber();
});

afterAll(async () => {
  await service.close();
});

describe('OpenAI-compatible transcription adapter', () => {
  it('posts the audio as multipart with the model, the language and the bearer key, and returns the text', async () => {
    const provider = openAITranscription({ url: service.url, apiKey: 'sk-test', model: 'whisper-1', timeoutMs: 2_000 });
    expect(await provider.transcribe(clip, 'zh-TW')).toBe('heard 8 bytes of voice.wav');
    const asked = service.asked.at(-1);
    expect(asked).toMatchObject({
      authorization: 'Bearer sk-test',
      model: 'whisper-1',
      language: 'zh',
      fileName: 'voice.wav',
      fileType: 'audio/wav',
    });
    expect([...(asked?.bytes ?? [])]).toEqual([...clip.bytes]);
  });

  it('sends no language and no authorization when there are none', async () => {
    const provider = openAITranscription({ url: `${service.url}/`, apiKey: null, model: 'small', timeoutMs: 2_000 });
    await provider.transcribe(clip, undefined);
    expect(service.asked.at(-1)).toMatchObject({ authorization: undefined, model: 'small', language: null });
  });

  it('fails with the error message the service gave', async () => {
    const provider = openAITranscription({ url: service.url, apiKey: null, model: 'whisper-1', timeoutMs: 2_000 });
    service.failNext = true;
    const failure = provider.transcribe(clip, 'en');
    await expect(failure).rejects.toBeInstanceOf(ProviderError);
    await expect(failure).rejects.toThrow('HTTP 503: the model is overloaded');
  });

  it('fails with a timeout when the service does not answer in time', async () => {
    const provider = openAITranscription({ url: service.url, apiKey: null, model: 'whisper-1', timeoutMs: 200 });
    service.hangNext = true;
    await expect(provider.transcribe(clip, 'en')).rejects.toThrow('no answer within 0.2 s');
  });
});
