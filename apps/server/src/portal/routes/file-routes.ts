import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findAccount } from '../accounts';
import { bearerToken, type PortalContext, requireSession } from '../context';
import { malformedRequest, ok, PortalCode, PortalError } from '../envelope';
import { bindLinksToBrowser, linkSessionOf } from '../file-links';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE } from '../uploads';

/** Served files can never run script in our origin, whatever they hold. */
const SANDBOX = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** `POST common/upload` and the download of what it stored (spec portal.md §7 "Upload"). */
export async function fileRoutes(app: FastifyInstance, ctx: PortalContext): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5 } });

  app.post<{ Querystring: { visibility?: string } }>('/common/upload', async (request, reply) => {
    const { account, sessionID } = await requireSession(ctx, request);
    await ctx.limits.upload(account.user_id);
    const { visibility = 'public' } = request.query;
    if (visibility !== 'public' && visibility !== 'private')
      throw new PortalError(PortalCode.ERROR, '文件可见范围不正确');
    if (!request.isMultipart()) throw new PortalError(PortalCode.ERROR, '请选择要上传的文件');
    // Whatever fails while reading the multipart body (no boundary, cut-off form) is the client's.
    const part = await request.file().catch(() => {
      throw new PortalError(malformedRequest.code, malformedRequest.msg);
    });
    if (!part) throw new PortalError(PortalCode.ERROR, '请选择要上传的文件');
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new PortalError(PortalCode.ERROR, UPLOAD_TOO_LARGE);
      }
      throw new PortalError(malformedRequest.code, malformedRequest.msg);
    }
    const isPrivate = visibility === 'private';
    const stored = await ctx.uploads.save(account.user_id, bytes, part.filename, { isPrivate });
    if (isPrivate) bindLinksToBrowser(request, reply, sessionID);
    const url = isPrivate
      ? ctx.fileLinks.sign(stored.fileName, { userID: account.user_id, sessionID }).url
      : `/prod-api${stored.fileName}`;
    return { code: PortalCode.OK, msg: '上传成功', fileName: stored.fileName, url };
  });

  /** Where the caller can open a stored file: its public address, or a signed link to a private one. */
  app.get<{ Querystring: { fileName?: string } }>('/common/file/link', async (request, reply) => {
    const { account, sessionID } = await requireSession(ctx, request);
    const fileName = request.query.fileName ?? '';
    const file = await ctx.uploads.describe(fileName);
    if (!file) throw new PortalError(PortalCode.NOT_FOUND);
    if (!file.isPrivate) return ok({ url: `/prod-api${fileName}`, expiresAt: null });
    if (!(await maySeePrivateFile(ctx, file.userID, account.user_id))) throw new PortalError(PortalCode.NOT_FOUND);
    bindLinksToBrowser(request, reply, sessionID);
    return ok(ctx.fileLinks.sign(fileName, { userID: account.user_id, sessionID }));
  });

  app.get('/profile/upload/*', async (request, reply) => {
    const [path = '', search = ''] = request.url.replace(/^\/prod-api/, '').split('?');
    const file = await ctx.uploads.read(path);
    // A private file someone may not see is as absent as a missing one: no bytes, no hint.
    if (
      !file ||
      (file.isPrivate && !(await maySeePrivateFile(ctx, file.userID, await viewerOf(ctx, request, path, search))))
    ) {
      throw new PortalError(PortalCode.NOT_FOUND);
    }
    const inline = file.contentType.startsWith('image/') || file.contentType === 'application/pdf';
    if (file.isPrivate) {
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
    } else {
      // Public media (ability pictures, avatars) may be shown by pages of other origins.
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    return reply
      .header('content-type', file.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', SANDBOX)
      .header(
        'content-disposition',
        `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
      )
      .send(file.bytes);
  });
}

/**
 * Who asks for a file: the viewer a valid signed link names, in the browser holding the live
 * session it was issued in; else the bearer of a session.
 */
async function viewerOf(ctx: PortalContext, request: FastifyRequest, fileName: string, search: string) {
  const signed = ctx.fileLinks.verify(fileName, new URLSearchParams(search), linkSessionOf(request));
  if (signed) return (await ctx.sessions.isLive(signed)) ? signed.userID : null;
  const token = bearerToken(request);
  return token ? ((await ctx.sessions.authenticate(token))?.userID ?? null) : null;
}

/** Private uploads are for their uploader and for platform admins reviewing them. */
async function maySeePrivateFile(ctx: PortalContext, ownerID: string, viewerID: string | null): Promise<boolean> {
  if (viewerID === null) return false;
  if (viewerID === ownerID) return true;
  return (await findAccount(ctx.db, viewerID))?.is_admin === true;
}
