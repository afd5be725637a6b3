import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { Message } from './messages';
import type { RequestFunction } from './requests';
import type { ChatResponse } from './types';

export interface TranslationContext {
  request: RequestFunction;
}

export interface TranslateTextOptions {
  sourceTextList: string[];
  source?: string;
  target: string;
}

/** CONTRACT STUB (issue 11): translation and voice-to-text through the server's providers. */
export class Translation {
  constructor(readonly context: TranslationContext) {}

  async translateText(_options: TranslateTextOptions): Promise<ChatResponse<{ translatedTextList: string[] }>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'translateText is being built');
  }

  async convertVoiceToText(_options: {
    message: Message;
    language?: string;
  }): Promise<ChatResponse<{ result: string }>> {
    throw new LiaisonError(ErrorCode.INTERNAL, 'convertVoiceToText is being built');
  }
}
