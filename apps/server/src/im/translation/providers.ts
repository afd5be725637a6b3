/**
 * Machine translation and speech-to-text are services outside this server, behind these two
 * interfaces (ARCHITECTURE.md "Providers that talk to the outside world"). An adapter throws
 * ProviderError with what the service said; the caller turns it into the catalogue code.
 */
export interface TranslationProvider {
  /** One translated text per source text, in order. `source` absent: the service detects it. */
  translate(texts: readonly string[], source: string | undefined, target: string): Promise<string[]>;
}

export interface AudioClip {
  bytes: Uint8Array<ArrayBuffer>;
  fileName: string;
  contentType: string;
}

export interface SpeechToTextProvider {
  transcribe(audio: AudioClip, language: string | undefined): Promise<string>;
}

/** The service failed, answered nonsense or did not answer in time; `message` is safe to show the user. */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

/** What a provider's error answer says, shortened: its JSON `error` (a string or `{message}`) or its status. */
export async function describeFailure(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  let said = '';
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const error = body.error;
    if (typeof error === 'string') said = error;
    else if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
      said = (error as { message: string }).message;
    } else if (typeof body.message === 'string') said = body.message;
  } catch {
    // Not JSON: the status says enough; an HTML error page is nothing to show a user.
  }
  const status = `HTTP ${response.status}`;
  return said ? `${status}: ${said.slice(0, 200)}` : status;
}

/** A fetch failure as a ProviderError: a timeout says so, anything else keeps its message. */
export function asProviderError(err: unknown, timeoutMs: number): ProviderError {
  if (err instanceof ProviderError) return err;
  const name = (err as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ProviderError(`no answer within ${Math.round(timeoutMs / 100) / 10} s`);
  }
  const cause = (err as { cause?: { message?: string } })?.cause?.message;
  return new ProviderError(cause ?? (err as Error)?.message ?? String(err));
}
