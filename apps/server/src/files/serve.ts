import { ErrorCode, errorMessages } from '@liaison/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isPortalSessionLive } from '../auth/portal-binding';
import { blobKey, type FileContext } from './context';
import { canReadFile, type FileVariantName, findFile } from './file-access';
import { accessTokens } from './grants';
import { parseRange } from './range';

/** Served files can never run script in our origin, whatever they hold (as the portal's uploads). */
const SANDBOX = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";
const FILE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const VARIANTS: ReadonlySet<string> = new Set(['large', 'small']);
/** Shown in the page or player rather than saved. */
const INLINE = /^(image|audio|video)\//;

/**
 * GET /im/files/:fileID[/large|small] with the viewer's file access token (`?token=` or a
 * Bearer header). Only the uploader and members of a conversation the file was sent to get
 * bytes; anyone else gets the same 404 as for a file that does not exist.
 */
export async function serveFile(
  ctx: FileContext,
  request: FastifyRequest<{ Params: { fileID: string; variant?: string }; Querystring: { token?: string } }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { fileID, variant } = request.params;
  const isHead = request.method === 'HEAD';
  const viewer = await viewerOf(ctx, request);
  if (viewer === null || !FILE_ID.test(fileID) || (variant !== undefined && !VARIANTS.has(variant))) {
    return notFound(reply, isHead);
  }
  const file = await findFile(ctx.db, fileID);
  if (file?.status !== 'ready' || !(await canReadFile(ctx.db, viewer, fileID, file.ownerID))) {
    return notFound(reply, isHead);
  }
  const size = variant ? file.variants[variant as FileVariantName] : undefined;
  // An image kept without sizes (a BMP we cannot decode) serves its original for every size.
  if (variant && !size && file.imageFormat === null) return notFound(reply, isHead);
  const key = size ? blobKey(fileID, variant as FileVariantName) : blobKey(fileID);
  const length = size ? size.size : file.size;
  const contentType = size && file.contentType === 'image/bmp' ? 'image/png' : file.contentType;
  const etag = `"${key.replace('/', '-')}"`;

  const ifRange = request.headers['if-range'];
  const range = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, length) : null;
  // HEAD answers from the store's metadata: opening the bytes would fetch the object from S3.
  const stream =
    range === 'unsatisfiable' || isHead || request.headers['if-none-match'] === etag
      ? null
      : await ctx.store.get(key, range ?? undefined);
  if (!(stream ?? (await ctx.store.stat(key)))) return notFound(reply, isHead);

  reply
    .header('content-type', contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', SANDBOX)
    // The token decides who reads; pages of the ALLOWED_ORIGINS show these in <img> and <video>.
    .header('cross-origin-resource-policy', 'cross-origin')
    .header(
      'content-disposition',
      `${INLINE.test(contentType) ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('etag', etag)
    .header('accept-ranges', 'bytes');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${length}`).send();
  }
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${length}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', length);
  }
  return reply.send(stream ?? undefined);
}

/** The user a valid file access token names; a token bound to a portal session only while that session lives. */
async function viewerOf(
  ctx: FileContext,
  request: FastifyRequest<{ Querystring: { token?: string } }>,
): Promise<string | null> {
  const authorization = request.headers.authorization;
  const bearer = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : undefined;
  const token = request.query.token ?? bearer;
  const read = typeof token === 'string' ? accessTokens(ctx.app).read(token) : null;
  if (read === null) return null;
  if (read.binding !== null && !(await isPortalSessionLive(ctx.db, read.binding))) return null;
  return read.subject;
}

function notFound(reply: FastifyReply, isHead = false): FastifyReply {
  reply.code(404).header('cache-control', 'no-store');
  if (isHead) return reply.send();
  return reply.send({
    ok: false,
    error: { code: ErrorCode.FILE_NOT_FOUND, message: errorMessages[ErrorCode.FILE_NOT_FOUND] },
  });
}
