/** The AI assistant's model service (docs/portal-api.md "AI assistant"). */
export interface AiSettings {
  /** AI_BASE_URL: an OpenAI-compatible API base (e.g. https://api.openai.com/v1); answers come from `{base}/chat/completions`. */
  baseUrl: string;
  /** AI_API_KEY, sent as `Authorization: Bearer`; null: none (a local model server). */
  apiKey: string | null;
  /** AI_MODEL: the model asked for. */
  model: string;
  /** How long the service may take to start answering. */
  responseTimeoutMs: number;
  /** How long an answer may stall between two pieces of text. */
  idleTimeoutMs: number;
}

export const AI_TIMEOUTS = { responseTimeoutMs: 30_000, idleTimeoutMs: 30_000 } as const;

/** AI_BASE_URL, AI_API_KEY, AI_MODEL; null (the assistant answers 'not configured') without AI_BASE_URL. */
export function aiFromEnv(env: NodeJS.ProcessEnv): AiSettings | null {
  const baseUrl = env.AI_BASE_URL || null;
  if (baseUrl === null) return null;
  const url = URL.canParse(baseUrl) ? new URL(baseUrl) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`AI_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  }
  const model = env.AI_MODEL?.trim();
  if (!model) throw new Error('AI_BASE_URL needs AI_MODEL (the model name the service expects)');
  return { baseUrl, apiKey: env.AI_API_KEY || null, model, ...AI_TIMEOUTS };
}
