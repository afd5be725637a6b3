import {
  ApplyStatus,
  COOPERATION_LIMITS,
  type CooperationAnswer,
  PortalPermission,
  type ApplyStatus as Status,
} from '@liaison/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireActing } from '../acting';
import { mobileSchema, type PortalContext, parse } from '../context';
import { ok } from '../envelope';
import { pagingOf } from '../paging';
import { connectTo } from './connect';
import { answerRequest, applyForCooperation, listRequests, readRequest, type Side } from './cooperation';
import { befriend, sendCooperationOpening } from './cooperation-chat';

const idSchema = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,18}$/, '能力不存在'));

const applySchema = z.object({
  productId: idSchema,
  message: z
    .string()
    .trim()
    .min(1, '请输入合作需求')
    .max(COOPERATION_LIMITS.message, `合作需求不能超过${COOPERATION_LIMITS.message}个字符`),
  contactName: z
    .string()
    .trim()
    .min(1, '请输入联系人')
    .max(COOPERATION_LIMITS.contactName, `联系人不能超过${COOPERATION_LIMITS.contactName}个字符`),
  contactPhone: mobileSchema,
  subject: z
    .string()
    .trim()
    .max(COOPERATION_LIMITS.subject, `主题不能超过${COOPERATION_LIMITS.subject}个字符`)
    .optional(),
});

const connectSchema = z
  .object({ userId: z.string().trim().max(64).optional(), productId: idSchema.optional() })
  .refine((body) => Boolean(body.userId || body.productId), '请指定要联系的企业');

const listSchema = z.object({
  applyStatus: z
    .enum(['', '0', '1', '2'], { message: '申请状态不正确' })
    .optional()
    .transform((s) => (s ? (Number(s) as Status) : null)),
  connectUserName: z.string().trim().max(50, '名称不能超过50个字符').default(''),
});

const SELF = '/portal/self/center';
const RECEIVED = `${SELF}/other/to/me/connect`;
const SENT = `${SELF}/me/to/other/connect`;

/** spec portal.md §7 cooperation calls; docs/portal-api.md "Cooperation, follows and official pushes". */
export function cooperationRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.post('/portal/supply/chain/apply/cooperation', async (request) => {
    const acting = await requireActing(ctx, request);
    const body = parse(applySchema, request.body);
    return ok(await applyForCooperation(ctx.db, acting, body), '申请已提交，请等待对方处理');
  });

  app.post('/portal/supply/chain/apply/cooperation/connect', async (request) => {
    const acting = await requireActing(ctx, request);
    return ok(await connectTo(ctx.db, acting, parse(connectSchema, request.body)));
  });

  const list = (side: Side) => async (request: FastifyRequest) => {
    const acting = await requireActing(
      ctx,
      request,
      side === 'received' ? PortalPermission.COOPERATION_HANDLE : undefined,
    );
    const paging = pagingOf(request.query);
    return ok(await listRequests(ctx.db, acting, side, parse(listSchema, request.query), paging));
  };
  app.get(RECEIVED, list('received'));
  app.get(SENT, list('sent'));

  const read = (side: Side) => async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const acting = await requireActing(
      ctx,
      request,
      side === 'received' ? PortalPermission.COOPERATION_HANDLE : undefined,
    );
    return ok(await readRequest(ctx.db, acting, side, request.params.id));
  };
  app.get(`${RECEIVED}/read/:id`, read('received'));
  app.get(`${SENT}/read/:id`, read('sent'));

  app.get<{ Params: { id: string } }>(`${RECEIVED}/agree/:id`, async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.COOPERATION_HANDLE);
    const { answer, changes } = await ctx.db.transaction(async (tx) => {
      const answer = await answerRequest(tx, acting, request.params.id, ApplyStatus.AGREED);
      const changes =
        answer.changed && answer.request.otherUserId
          ? await befriend(tx, acting.enterpriseId, answer.request.otherUserId)
          : null;
      return { answer, changes };
    });
    if (changes) changes.publish(ctx.bus, '');
    // On every agree, a repeated one too: the friendship commits with the agree, but the notice is
    // sent after it, so a retry is what makes good a send that failed (its fixed ID stores it once).
    if (answer.request.otherUserId) {
      await sendCooperationOpening(ctx, acting.enterpriseId, answer.request, {
        userId: acting.account.user_id,
        name: acting.account.nick_name,
      });
    }
    const data: CooperationAnswer = {
      request: answer.request,
      conversationID: answer.request.otherUserId ? `C2C${answer.request.otherUserId}` : null,
    };
    return ok(data, '已同意合作申请');
  });

  app.get<{ Params: { id: string } }>(`${RECEIVED}/refuse/:id`, async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.COOPERATION_HANDLE);
    const answer = await answerRequest(ctx.db, acting, request.params.id, ApplyStatus.REFUSED);
    const data: CooperationAnswer = { request: answer.request, conversationID: null };
    return ok(data, '已拒绝合作申请');
  });
}
