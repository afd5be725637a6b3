import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { UploadKind } from '@liaison/protocol';
import type { LiaisonServer } from '../app';
import { RawClient } from '../integration/harness';

/** Helpers of the file tests: ask for a grant over a real IM socket, PUT bytes over HTTP. */
export interface Answer {
  status: number;
  body: { ok: boolean; data?: Record<string, unknown>; error?: { code: number; message: string } };
}

/** A server in this process or in its own (the scale suite's). */
type Target = Pick<LiaisonServer, 'url' | 'app'>;

export async function loggedIn(server: Target, userID: string): Promise<RawClient> {
  const client = await RawClient.open(server);
  const login = await client.login(server, userID);
  if (!login.ok) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return client;
}

export async function grant(client: RawClient, kind: UploadKind, fileName: string, size: number) {
  return client.request('createUpload', { kind, fileName, size }) as Promise<{
    ok: boolean;
    data?: { uploadURL: string; expiresAt: number; maxBytes: number };
    error?: { code: number };
  }>;
}

export async function put(server: Target, uploadURL: string, bytes: Uint8Array): Promise<Answer> {
  const response = await fetch(`${server.url}${uploadURL}`, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'application/octet-stream' },
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** createUpload then PUT: the answer of the upload. */
export async function upload(
  server: Target,
  client: RawClient,
  kind: UploadKind,
  fileName: string,
  bytes: Uint8Array,
): Promise<Answer> {
  const granted = await grant(client, kind, fileName, bytes.length);
  if (!granted.data) throw new Error(`no grant: ${JSON.stringify(granted)}`);
  return put(server, granted.data.uploadURL, bytes);
}

/**
 * Sends only the request head (and optionally some of the body) of a PUT, and resolves with the
 * answer if one comes before `cut` (when set) destroys the socket.
 */
export function partialPut(
  server: Target,
  uploadURL: string,
  contentLength: number,
  body: Uint8Array,
  /** true: the client goes away 200 ms after sending; a signal: when it aborts. */
  cut: boolean | AbortSignal,
): Promise<Answer | null> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: hostname,
      port,
      method: 'PUT',
      path: uploadURL,
      headers: { 'content-length': String(contentLength), 'content-type': 'application/octet-stream' },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }));
    });
    req.on('error', (err) => (cut ? resolve(null) : reject(err)));
    req.flushHeaders();
    if (body.length > 0) req.write(body);
    if (cut === true) setTimeout(() => req.destroy(), 200);
    else if (cut) cut.addEventListener('abort', () => req.destroy());
  });
}

/** Every file under a disk store's folder (blobs and any leftover `.part`). */
export async function storedFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

export async function fileRows(server: LiaisonServer): Promise<number> {
  const [row] = await server.db.query<{ n: unknown }>('SELECT count(*) AS n FROM files');
  return Number(row?.n ?? 0);
}
