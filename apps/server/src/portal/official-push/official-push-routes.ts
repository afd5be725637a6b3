import { OFFICIAL_PUSH_LIMITS } from '@liaison/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireActing } from '../acting';
import { type PortalContext, parse, requireAdmin } from '../context';
import { ok } from '../envelope';
import { pagingOf } from '../paging';
import { deletePush, listPushes, listPushesForAdmin, publishPush, readPush } from './official-push';

type ById = FastifyRequest<{ Params: { id: string } }>;

const inboxSchema = z.object({
  readed: z
    .enum(['', '0', '1', 'true', 'false'], { message: '已读状态不正确' })
    .optional()
    .transform((s) => (s === undefined || s === '' ? null : s === '1' || s === 'true')),
});
const publishSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, '请输入标题')
    .max(OFFICIAL_PUSH_LIMITS.title, `标题不能超过${OFFICIAL_PUSH_LIMITS.title}个字符`),
  content: z
    .string()
    .trim()
    .min(1, '请输入内容')
    .max(OFFICIAL_PUSH_LIMITS.content, `内容不能超过${OFFICIAL_PUSH_LIMITS.content}个字符`),
});
const adminListSchema = z.object({ title: z.string().trim().max(60, '标题不能超过60个字符').default('') });

const INBOX = '/portal/self/center/official/push/info';
const ADMIN = '/system/official/push';

/** Official pushes: every user's inbox, and the admin's publishing (docs/portal-api.md). */
export function officialPushRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.get(INBOX, async (request) => {
    const acting = await requireActing(ctx, request);
    const paging = pagingOf(request.query);
    const { readed } = parse(inboxSchema, request.query);
    return ok(await listPushes(ctx.db, acting.account.user_id, readed, paging));
  });
  app.get(`${INBOX}/read/:id`, async (request: ById) => {
    const acting = await requireActing(ctx, request);
    return ok(await readPush(ctx.db, acting.account.user_id, request.params.id));
  });

  app.post(ADMIN, async (request) => {
    const admin = await requireAdmin(ctx, request);
    const body = parse(publishSchema, request.body);
    return ok({ id: await publishPush(ctx.db, admin.user_id, body.title, body.content) }, '发布成功');
  });
  app.get(ADMIN, async (request) => {
    await requireAdmin(ctx, request);
    const paging = pagingOf(request.query);
    return ok(await listPushesForAdmin(ctx.db, parse(adminListSchema, request.query).title, paging));
  });
  app.delete(`${ADMIN}/:id`, async (request: ById) => {
    await requireAdmin(ctx, request);
    await deletePush(ctx.db, request.params.id);
    return ok(undefined, '删除成功');
  });
}
