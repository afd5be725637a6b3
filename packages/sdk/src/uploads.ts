import {
  ErrorCode,
  type FileUploadResult,
  fileUploadResultSchema,
  isErrorCode,
  LiaisonError,
  type UploadKind,
} from '@liaison/protocol';
import type { RequestFunction } from './core/requests';

/**
 * What a file message can carry. In a browser: a File or Blob (from a picker, a paste, a drop or a
 * recording). In Node 20+: a Blob or File as well (`fs.openAsBlob(path)` gives one without reading
 * the file into memory), or anything with a size and a stream of bytes, e.g.
 * `{ name: 'a.pdf', size, stream: () => Readable.toWeb(fs.createReadStream(path)) }`.
 */
export type UploadSource = Blob | { name?: string; size: number; type?: string; stream(): ReadableStream<Uint8Array> };

export interface UploadOptions {
  kind: UploadKind;
  source: UploadSource;
  /** Bytes sent so far; called as they go and once with the full size at the end. */
  onProgress(loaded: number): void;
  signal: AbortSignal;
}

export interface UploadContext {
  request: RequestFunction;
  /** The absolute URL of a path on the server. */
  absolute(path: string): string;
}

/**
 * Uploads one file: an upload grant over the socket (createUpload), then the raw bytes over HTTP
 * PUT to the grant's URL, with progress (XMLHttpRequest in a browser, a counted stream in Node).
 * Rejects with UPLOAD_CANCELLED when `signal` aborts, with the server's code when it refuses.
 */
export async function uploadFile(context: UploadContext, options: UploadOptions): Promise<FileUploadResult> {
  const { source, signal } = options;
  throwIfCancelled(signal);
  const grant = await context.request('createUpload', {
    kind: options.kind,
    fileName: sourceName(source),
    size: source.size,
  });
  throwIfCancelled(signal);
  const url = context.absolute(grant.uploadURL);
  const result = canUseXHR(source) ? await putWithXHR(url, source, options) : await putWithFetch(url, source, options);
  options.onProgress(source.size);
  return result;
}

/** The file's name, or a neutral one for a Blob without (a recording, a canvas snapshot). */
export function sourceName(source: UploadSource): string {
  const name = 'name' in source && typeof source.name === 'string' ? source.name.trim() : '';
  return name.length > 0 ? name : 'file';
}

/** The MIME type the source claims ('' when it claims none). */
export function sourceType(source: UploadSource): string {
  return typeof source.type === 'string' ? source.type.toLowerCase() : '';
}

export function isUploadSource(value: unknown): value is UploadSource {
  if (typeof Blob === 'function' && value instanceof Blob) return true;
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { size?: unknown; stream?: unknown };
  return (
    typeof candidate.size === 'number' &&
    Number.isFinite(candidate.size) &&
    candidate.size >= 0 &&
    typeof candidate.stream === 'function'
  );
}

function canUseXHR(source: UploadSource): source is Blob {
  return typeof XMLHttpRequest === 'function' && typeof Blob === 'function' && source instanceof Blob;
}

function putWithXHR(url: string, source: Blob, options: UploadOptions): Promise<FileUploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const handleAbort = () => xhr.abort();
    options.signal.addEventListener('abort', handleAbort, { once: true });
    const settle = () => options.signal.removeEventListener('abort', handleAbort);
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', source.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => options.onProgress(Math.min(event.loaded, source.size));
    xhr.onload = () => {
      settle();
      try {
        resolve(parseAnswer(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new LiaisonError(ErrorCode.NETWORK_ERROR, 'The upload failed: network error'));
    };
    xhr.onabort = () => {
      settle();
      reject(new LiaisonError(ErrorCode.UPLOAD_CANCELLED));
    };
    xhr.send(source);
  });
}

async function putWithFetch(url: string, source: UploadSource, options: UploadOptions): Promise<FileUploadResult> {
  const reader = source.stream().getReader();
  let loaded = 0;
  // Counted as fetch pulls the bytes towards the socket; the file is never held in memory whole.
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      loaded += value.byteLength;
      options.onProgress(Math.min(loaded, source.size));
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'PUT',
      body,
      headers: {
        'Content-Type': sourceType(source) || 'application/octet-stream',
        'Content-Length': String(source.size),
      },
      signal: options.signal,
      // Node's fetch needs this to send a stream body.
      duplex: 'half',
    } as RequestInit);
  } catch (error) {
    if (options.signal.aborted) throw new LiaisonError(ErrorCode.UPLOAD_CANCELLED);
    if (error instanceof LiaisonError) throw error;
    throw new LiaisonError(ErrorCode.NETWORK_ERROR, `The upload failed: ${describe(error)}`);
  }
  return parseAnswer(response.status, await response.text());
}

/**
 * The server answers like its other HTTP routes: `{ok: true, data}` with fileUploadResultSchema for a
 * completed upload, `{ok: false, error: {code, message}}` for a refusal.
 */
function parseAnswer(status: number, text: string): FileUploadResult {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): judged by the status below.
  }
  const envelope = typeof body === 'object' && body !== null ? (body as { data?: unknown; error?: unknown }) : {};
  if (status >= 200 && status < 300) {
    const parsed = fileUploadResultSchema.safeParse(envelope.data ?? body);
    if (parsed.success) return parsed.data;
    throw new LiaisonError(ErrorCode.MALFORMED_FRAME, 'The server answered the upload with an unknown shape');
  }
  const error = envelope.error ?? body;
  if (typeof error === 'object' && error !== null && 'code' in error && isErrorCode(error.code)) {
    const message = 'message' in error && typeof error.message === 'string' ? error.message : undefined;
    throw new LiaisonError(error.code, message);
  }
  throw new LiaisonError(ErrorCode.NETWORK_ERROR, `The upload failed with HTTP ${status}`);
}

function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new LiaisonError(ErrorCode.UPLOAD_CANCELLED);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
