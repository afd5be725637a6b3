import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, ok, TYPES } from './core/types';
import type { Message } from './message-types';

export interface TranslationContext {
  request: RequestFunction;
}

export interface TranslateTextOptions {
  sourceTextList: string[];
  /** Absent or 'auto' (Tencent's default): the provider detects it. */
  sourceLanguage?: string;
  targetLanguage: string;
}

/** Providers can be slow (speech-to-text of a minute of audio); these calls wait longer than others. */
const PROVIDER_CALL_TIMEOUT_MS = 75_000;

/**
 * Translation and voice-to-text through the server's providers. Unconfigured on the server:
 * 60050 'please enable translation' / 60051 'please enable voice to text'; a provider failure:
 * 2117 / 2118 with what it said.
 */
export class Translation {
  constructor(readonly context: TranslationContext) {}

  async translateText(options: TranslateTextOptions): Promise<ChatResponse<{ translatedTextList: string[] }>> {
    const source = options?.sourceLanguage;
    const body = { sourceTextList: options?.sourceTextList, target: options?.targetLanguage };
    return ok(
      await this.context.request('translateText', source && source !== 'auto' ? { ...body, source } : body, {
        timeoutMs: PROVIDER_CALL_TIMEOUT_MS,
      }),
    );
  }

  /** A received or sent voice message (TIMSoundElem; anything else 2119) as text; the server caches it per message. */
  async convertVoiceToText(options: {
    message: Message;
    language?: string;
  }): Promise<ChatResponse<{ result: string }>> {
    const message = options?.message;
    if (!message || message.type !== TYPES.MSG_AUDIO) throw new LiaisonError(ErrorCode.UNSUPPORTED_VOICE_FORMAT);
    const { conversationID, ID: messageID } = message;
    return ok(
      await this.context.request(
        'convertVoiceToText',
        options.language ? { conversationID, messageID, language: options.language } : { conversationID, messageID },
        { timeoutMs: PROVIDER_CALL_TIMEOUT_MS },
      ),
    );
  }
}
