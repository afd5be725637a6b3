import { ErrorCode, LiaisonError, type OpRequestParsed, type OpResponse } from '@liaison/protocol';
import type { Sql } from '../../db/database';
import type { BlobStore } from '../../files/blob-store';
import { libreTranslate } from './libretranslate';
import { openAITranscription } from './openai-transcription';
import { ProviderError, type SpeechToTextProvider, type TranslationProvider } from './providers';
import type { TranslationSettings } from './settings';
import { VoiceToText } from './voice-to-text';

export interface TranslationDeps {
  db: Sql;
  blobs(): BlobStore;
  settings: TranslationSettings;
}

/**
 * translateText and convertVoiceToText through the configured providers; either one unset
 * answers its "please enable …" code (60050 / 60051). Texts and transcripts are never logged.
 */
export class TranslationService {
  private readonly translator: TranslationProvider | null;
  private readonly voice: VoiceToText | null;

  constructor(deps: TranslationDeps) {
    const { settings } = deps;
    this.translator = settings.translateUrl
      ? libreTranslate({
          url: settings.translateUrl,
          apiKey: settings.translateApiKey,
          timeoutMs: settings.translateTimeoutMs,
        })
      : null;
    const stt: SpeechToTextProvider | null = settings.sttUrl
      ? openAITranscription({
          url: settings.sttUrl,
          apiKey: settings.sttApiKey,
          model: settings.sttModel,
          timeoutMs: settings.sttTimeoutMs,
        })
      : null;
    this.voice = stt ? new VoiceToText({ db: deps.db, blobs: deps.blobs, provider: stt }) : null;
  }

  async translateText(body: OpRequestParsed<'translateText'>): Promise<OpResponse<'translateText'>> {
    if (!this.translator) throw new LiaisonError(ErrorCode.TRANSLATION_NOT_ENABLED);
    try {
      return { translatedTextList: await this.translator.translate(body.sourceTextList, body.source, body.target) };
    } catch (err) {
      if (err instanceof ProviderError) {
        throw new LiaisonError(ErrorCode.TRANSLATE_TEXT_FAIL, `Translation failed: ${err.message}`);
      }
      throw err;
    }
  }

  async convertVoiceToText(
    userID: string,
    body: OpRequestParsed<'convertVoiceToText'>,
  ): Promise<OpResponse<'convertVoiceToText'>> {
    if (!this.voice) throw new LiaisonError(ErrorCode.VOICE_TO_TEXT_NOT_ENABLED);
    return { result: await this.voice.convert(userID, body) };
  }
}
