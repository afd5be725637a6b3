import { createDuplicateGuard } from './duplicate-guard';
import { RequestText, textForCode } from './messages';

export const API_BASE = '/prod-api';
/** Spec §9. */
export const REQUEST_TIMEOUT_MS = 10_000;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, QueryValue>;
  /** A JSON body, or FormData for multipart uploads. */
  data?: unknown;
  /** false: send no bearer token (captcha, login). */
  isToken?: boolean;
  /** The bearer token to send instead of the session's (logging out a session already forgotten here). */
  token?: string;
  /** false: skip the duplicate-submit guard. */
  repeatSubmit?: boolean;
  timeout?: number;
}

/** How failures reach the user; the app wires these to Ant Design and the session store. */
export interface RequestFeedback {
  /** A warning toast (codes 500 and 601). */
  warn(text: string): void;
  /** An error toast (network, timeout, HTTP status). */
  error(text: string): void;
  /** An error notification titled with the text (other codes). */
  notifyError(title: string): void;
  /** Code 401: the session is gone. */
  unauthorized(): void;
}

export interface RequestDeps {
  fetch: typeof fetch;
  getToken(): string | null;
  feedback: RequestFeedback;
  now?: () => number;
}

/** A refusal, by the server (with its envelope code) or on the way there (without one). */
export class RequestError extends Error {
  readonly code: number | undefined;

  constructor(message: string, code?: number) {
    super(message);
    this.name = 'RequestError';
    this.code = code;
  }
}

export type Request = <T extends object>(options: RequestOptions) => Promise<T>;

/**
 * The portal's one request layer (spec §8, §9): bearer token, timeout, duplicate-submit guard,
 * and the envelope handling. It resolves with the whole body (the `{code, msg, data}` envelope,
 * or the upload answer) when `code` is 200, and rejects with a RequestError otherwise.
 */
export function createRequest(deps: RequestDeps): Request {
  const guard = createDuplicateGuard(deps.now);

  return async <T extends object>(options: RequestOptions): Promise<T> => {
    const method = options.method ?? 'GET';
    const url = `${API_BASE}${options.url}${queryString(options.params)}`;
    if ((method === 'POST' || method === 'PUT') && options.repeatSubmit !== false) {
      if (guard.isDuplicate({ url, body: options.data })) {
        // The original only logged it; a person who clicked twice should see why nothing happened.
        console.warn(`[${url}]: ${RequestText.duplicateSubmit}`);
        deps.feedback.warn(RequestText.duplicateSubmit);
        throw new RequestError(RequestText.duplicateSubmit);
      }
    }

    const headers: Record<string, string> = {};
    const token = options.isToken === false ? null : (options.token ?? deps.getToken());
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.data instanceof FormData) {
      body = options.data;
    } else if (options.data !== undefined) {
      headers['Content-Type'] = 'application/json;charset=utf-8';
      body = JSON.stringify(options.data);
    }

    const response = await send(deps, url, { method, headers, body }, options.timeout ?? REQUEST_TIMEOUT_MS);
    const envelope = await readEnvelope(response);
    if (envelope.code === 200) return envelope.body as T;
    // A 401 to a session that has since ended or changed (a request still on its way when the user
    // logged out) says nothing about the session there is now: it neither ends it nor asks to log in.
    throw refuse(deps.feedback, envelope.code, envelope.msg, deps.getToken() === token);
  };
}

async function send(deps: RequestDeps, url: string, init: RequestInit, timeout: number): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  try {
    const response = await deps.fetch(url, { ...init, signal: controller.signal });
    if (!response.ok) throw fail(deps.feedback, RequestText.httpStatus(response.status));
    return response;
  } catch (error) {
    if (error instanceof RequestError) throw error;
    throw fail(deps.feedback, timedOut ? RequestText.timeout : RequestText.networkError);
  } finally {
    clearTimeout(timer);
  }
}

interface ReadEnvelope {
  code: number;
  msg: string | undefined;
  body: object;
}

async function readEnvelope(response: Response): Promise<ReadEnvelope> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (typeof body !== 'object' || body === null) return { code: 500, msg: undefined, body: {} };
  const fields = body as { code?: unknown; msg?: unknown };
  return {
    // An answer without a code is a success, as the original portal read it.
    code: typeof fields.code === 'number' ? fields.code : 200,
    msg: typeof fields.msg === 'string' ? fields.msg : undefined,
    body,
  };
}

function refuse(
  feedback: RequestFeedback,
  code: number,
  msg: string | undefined,
  isSessionCurrent: boolean,
): RequestError {
  if (code === 401) {
    if (isSessionCurrent) feedback.unauthorized();
    return new RequestError(RequestText.sessionExpired, code);
  }
  const text = textForCode(code, msg);
  if (code === 500 || code === 601) feedback.warn(text);
  else feedback.notifyError(text);
  return new RequestError(text, code);
}

function fail(feedback: RequestFeedback, text: string): RequestError {
  feedback.error(text);
  return new RequestError(text);
}

function queryString(params: Record<string, QueryValue> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
