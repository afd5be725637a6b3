import { ErrorCode, errorMessages, IM_FILES_PATH, LiaisonError } from '@liaison/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppCredentials } from '../auth/usersig';
import type { Sql } from '../db/database';
import { isOriginAllowed, type OriginPolicy } from '../web/origin';
import type { BlobStore } from './blob-store';
import type { FileContext } from './context';
import { DiskBlobStore } from './disk-blob-store';
import { executablesAndScripts } from './moderation';
import { serveFile } from './serve';
import { defaultFileSettings, type FileSettings } from './settings';
import { sweepPeriodically } from './sweep';
import { receiveUpload } from './upload';

export interface FileRouteOptions {
  db: Sql;
  app: AppCredentials;
  /** The IM socket's origin rules: pages that may open the socket may upload and fetch files. */
  browser: OriginPolicy;
  /** Unset ones take their defaults (settings.ts); no `dir` and no `s3`: a temporary folder. */
  settings?: Partial<FileSettings>;
  log(err: unknown, context: string): void;
}

/** HTTP status of each refusal of an upload; the JSON body carries the catalogue code. */
const STATUS: Partial<Record<number, number>> = {
  [ErrorCode.UPLOAD_GRANT_INVALID]: 403,
  [ErrorCode.INVALID_PARAMS]: 411,
  [ErrorCode.FILE_TOO_LARGE]: 413,
  [ErrorCode.FILE_NOT_FOUND]: 400,
  [ErrorCode.IMAGE_INVALID_FORMAT]: 415,
  [ErrorCode.MEDIA_INVALID_FORMAT]: 415,
  [ErrorCode.FILE_BANNED]: 422,
  [ErrorCode.NETWORK_ERROR]: 400,
};

/**
 * The IM's file routes under /im/files: PUT upload/<grant> takes the bytes of an upload granted
 * over the socket, GET <fileID>[/large|small] serves them to those who may read them. Starts the
 * sweep of abandoned uploads; both stop when the server closes.
 */
export async function registerFileRoutes(http: FastifyInstance, options: FileRouteOptions): Promise<BlobStore> {
  const settings = { ...defaultFileSettings, ...options.settings };
  // The AWS SDK (~12 MB of RSS) is loaded only when files go to S3.
  const store = settings.s3
    ? new (await import('./s3-blob-store')).S3BlobStore(settings.s3)
    : await DiskBlobStore.open(settings.dir);
  const ctx: FileContext = {
    db: options.db,
    app: options.app,
    store,
    moderation: settings.moderation ?? executablesAndScripts,
    log: options.log,
  };
  const stopSweeping = sweepPeriodically(ctx, settings);
  http.addHook('onClose', async () => {
    stopSweeping();
    await store.close();
  });

  await http.register(
    async (scope) => {
      // Upload bodies are raw bytes of any type, streamed by the handler: nothing parses them.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.addHook('onRequest', async (request, reply) => allowOrigin(options.browser, request, reply));

      scope.options('/*', async (_request, reply) =>
        reply
          .code(204)
          .header('access-control-allow-methods', 'GET, HEAD, PUT, OPTIONS')
          .header('access-control-allow-headers', 'authorization, content-type, range, if-none-match')
          .header('access-control-max-age', '600')
          .send(),
      );

      scope.put<{ Params: { token: string } }>('/upload/:token', async (request, reply) => {
        try {
          const result = await receiveUpload(ctx, request.params.token, request.raw, contentLength(request));
          return reply.send({ ok: true, data: result });
        } catch (err) {
          const refusal = err instanceof LiaisonError ? err : new LiaisonError(ErrorCode.INTERNAL);
          if (refusal.code === ErrorCode.INTERNAL) options.log(err, 'file upload');
          // Refused before the body was read (too large, no grant): do not read 100 MB to discard it.
          if (!request.raw.readableEnded) reply.header('connection', 'close');
          return reply.code(STATUS[refusal.code] ?? 500).send({
            ok: false,
            error: { code: refusal.code, message: refusal.message || errorMessages[refusal.code] },
          });
        }
      });

      const serve = (request: FastifyRequest, reply: FastifyReply) =>
        serveFile(ctx, request as Parameters<typeof serveFile>[1], reply);
      // HEAD has its own routes: Fastify's automatic ones run GET and so open the bytes.
      for (const path of ['/:fileID', '/:fileID/:variant']) {
        scope.route({ method: 'GET', url: path, exposeHeadRoute: false, handler: serve });
        scope.head(path, serve);
      }
    },
    { prefix: IM_FILES_PATH },
  );
  return store;
}

function contentLength(request: FastifyRequest): number | null {
  const header = request.headers['content-length'];
  return header !== undefined && /^\d{1,15}$/.test(header) ? Number(header) : null;
}

/** CORS for pages the IM socket admits: they PUT uploads and fetch files with a token, never cookies. */
function allowOrigin(policy: OriginPolicy, request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  if (origin === undefined || !isOriginAllowed(policy, request.raw)) return;
  reply
    .header('access-control-allow-origin', origin)
    .header('vary', 'Origin')
    .header('access-control-expose-headers', 'content-range, content-length, content-disposition, etag');
}
