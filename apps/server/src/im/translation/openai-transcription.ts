import { z } from 'zod';
import { asProviderError, describeFailure, ProviderError, type SpeechToTextProvider } from './providers';

export interface OpenAITranscriptionOptions {
  /** STT_URL: the service's base URL; requests go to `${url}/v1/audio/transcriptions`. */
  url: string;
  /** STT_API_KEY, sent as `Authorization: Bearer`; null: none. */
  apiKey: string | null;
  /** STT_MODEL. */
  model: string;
  timeoutMs: number;
}

const answerSchema = z.object({ text: z.string() });

/**
 * An OpenAI-compatible transcription endpoint (OpenAI, whisper.cpp server, faster-whisper
 * servers, LocalAI…): multipart POST with the audio as `file`, `model` and `language` → {text}.
 */
export function openAITranscription(options: OpenAITranscriptionOptions): SpeechToTextProvider {
  const endpoint = `${options.url.replace(/\/+$/, '')}/v1/audio/transcriptions`;
  return {
    async transcribe(audio, language) {
      const form = new FormData();
      form.append('file', new Blob([audio.bytes], { type: audio.contentType }), audio.fileName);
      form.append('model', options.model);
      form.append('response_format', 'json');
      // ISO 639-1, as these endpoints take it: 'zh-TW' is asked for as 'zh'.
      if (language) form.append('language', (language.split('-')[0] ?? language).toLowerCase());
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
          body: form,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok) throw new ProviderError(await describeFailure(response));
        const answer = answerSchema.safeParse(await response.json().catch(() => null));
        if (!answer.success) throw new ProviderError('the answer has no text');
        return answer.data.text;
      } catch (err) {
        throw asProviderError(err, options.timeoutMs);
      }
    },
  };
}
