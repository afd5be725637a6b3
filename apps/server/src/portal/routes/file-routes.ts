import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { type PortalContext, requireAccount } from '../context';
import { PortalCode, PortalError } from '../envelope';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_LARGE } from '../uploads';

/** Served files can never run script in our origin, whatever they hold. */
const SANDBOX = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** `POST common/upload` and the download of what it stored (spec portal.md §7 "Upload"). */
export async function fileRoutes(app: FastifyInstance, ctx: PortalContext): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5 } });

  app.post('/common/upload', async (request) => {
    const account = await requireAccount(ctx, request);
    await ctx.limits.upload(account.user_id);
    if (!request.isMultipart()) throw new PortalError(PortalCode.ERROR, '请选择要上传的文件');
    const part = await request.file();
    if (!part) throw new PortalError(PortalCode.ERROR, '请选择要上传的文件');
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new PortalError(PortalCode.ERROR, UPLOAD_TOO_LARGE);
      }
      throw err;
    }
    const stored = await ctx.uploads.save(account.user_id, bytes, part.filename);
    return { code: PortalCode.OK, msg: '上传成功', fileName: stored.fileName, url: `/prod-api${stored.fileName}` };
  });

  app.get('/profile/upload/*', async (request, reply) => {
    const file = await ctx.uploads.read(request.url.replace(/^\/prod-api/, '').split('?')[0] ?? '');
    if (!file) throw new PortalError(PortalCode.NOT_FOUND);
    const inline = file.contentType.startsWith('image/') || file.contentType === 'application/pdf';
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
