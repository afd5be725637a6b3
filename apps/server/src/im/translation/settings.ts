/** Translation and voice-to-text providers (docs/presence-and-translation.md). */
export interface TranslationSettings {
  /** TRANSLATE_URL: a LibreTranslate-compatible service; null: translateText answers 60050. */
  translateUrl: string | null;
  /** TRANSLATE_API_KEY: sent as api_key; null: none. */
  translateApiKey: string | null;
  /** STT_URL: an OpenAI-compatible /v1/audio/transcriptions service; null: convertVoiceToText answers 60051. */
  sttUrl: string | null;
  /** STT_API_KEY: sent as a bearer token; null: none. */
  sttApiKey: string | null;
  /** STT_MODEL: the model asked for. */
  sttModel: string;
  /** How long each provider may take to answer before the call fails (2117 / 2118). */
  translateTimeoutMs: number;
  sttTimeoutMs: number;
}

export const defaultTranslationSettings: TranslationSettings = {
  translateUrl: null,
  translateApiKey: null,
  sttUrl: null,
  sttApiKey: null,
  sttModel: 'whisper-1',
  translateTimeoutMs: 10_000,
  sttTimeoutMs: 60_000,
};

export function translationFromEnv(env: NodeJS.ProcessEnv): TranslationSettings {
  return {
    ...defaultTranslationSettings,
    translateUrl: httpUrl('TRANSLATE_URL', env.TRANSLATE_URL),
    translateApiKey: env.TRANSLATE_API_KEY || null,
    sttUrl: httpUrl('STT_URL', env.STT_URL),
    sttApiKey: env.STT_API_KEY || null,
    sttModel: env.STT_MODEL || defaultTranslationSettings.sttModel,
  };
}

function httpUrl(name: string, value: string | undefined): string | null {
  if (!value) return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value;
}
