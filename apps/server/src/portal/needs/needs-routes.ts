import { NEED_LIMITS, PortalPermission } from '@liaison/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireActing } from '../acting';
import { type PortalContext, parse } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { pagingOf } from '../paging';
import { createNeed, deleteNeed, markPushedNeed, myNeeds, pushedNeeds, setNeedStatus } from './needs';

const BASE = '/portal/self/center';

/** IDs of bigint rows, as the API hands them out (strings) or as numbers. */
const idSchema = (message: string) =>
  z
    .union([
      z.string().regex(/^[1-9]\d{0,17}$/, message),
      z.number().int().positive(message).max(Number.MAX_SAFE_INTEGER),
    ])
    .transform(String);

const needFormSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, '请输入需求标题')
    .min(NEED_LIMITS.titleMin, `需求标题为${NEED_LIMITS.titleMin}-${NEED_LIMITS.title}个字`)
    .max(NEED_LIMITS.title, `需求标题为${NEED_LIMITS.titleMin}-${NEED_LIMITS.title}个字`),
  categoryId: z.coerce.number({ message: '请选择需求类别' }).int('请选择需求类别').positive('请选择需求类别'),
  content: z.string().trim().max(NEED_LIMITS.content, `需求描述不能超过${NEED_LIMITS.content}个字`).optional(),
});

const seekingMeTabSchema = z.object({
  tab: z.coerce.number().int('标签不正确').min(0, '标签不正确').max(2, '标签不正确').default(0),
});
const meSeekingTabSchema = z.object({
  tab: z.coerce.number().int('标签不正确').min(0, '标签不正确').max(1, '标签不正确').default(0),
});

const markSchema = z.object({
  needId: idSchema('需求编号不正确'),
  productId: idSchema('能力编号不正确').optional(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)], { message: '标记状态不正确' }),
});

const statusSchema = z.object({
  needId: idSchema('需求编号不正确'),
  status: z.union([z.literal(0), z.literal(1)], { message: '需求状态不正确' }),
});

/** spec portal.md §7 "Self centre": seekingMe, meSeeking and their marks, and publishing needs. */
export function needsRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.get(`${BASE}/seekingMe`, async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.NEED_VIEW);
    const { tab } = parse(seekingMeTabSchema, tabOf(request.query));
    return ok(await pushedNeeds(ctx.db, acting.enterpriseId, tab as 0 | 1 | 2, pagingOf(request.query)));
  });

  app.get(`${BASE}/meSeeking`, async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.NEED_VIEW);
    const { tab } = parse(meSeekingTabSchema, tabOf(request.query));
    return ok(await myNeeds(ctx.db, acting.enterpriseId, tab as 0 | 1, pagingOf(request.query)));
  });

  app.post(`${BASE}/meSeeking`, async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.NEED_VIEW);
    const form = parse(needFormSchema, request.body);
    return ok({ id: await createNeed(ctx.db, acting.enterpriseId, form, Date.now()) }, '需求发布成功');
  });

  app.delete<{ Params: { id: string } }>(`${BASE}/meSeeking/:id`, async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.NEED_VIEW);
    await deleteNeed(ctx.db, acting.enterpriseId, pathId(request.params.id));
    return ok(undefined, '删除成功');
  });

  app.post(`${BASE}/seekingMeStatus`, async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.NEED_VIEW);
    const mark = parse(markSchema, request.body);
    await markPushedNeed(ctx.db, acting.enterpriseId, mark, Date.now());
    return ok(undefined);
  });

  app.post(`${BASE}/meSeekingStatus`, async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.NEED_VIEW);
    const { needId, status } = parse(statusSchema, request.body);
    await setNeedStatus(ctx.db, acting.enterpriseId, needId, status);
    return ok(undefined, status === 1 ? '需求已关闭' : '需求已重新开启');
  });
}

function tabOf(query: unknown): { tab?: unknown } {
  const tab = (query as Record<string, unknown> | undefined)?.tab;
  return { tab: tab === '' ? undefined : tab };
}

/** A path ID that cannot name a row answers like one that names nobody's. */
function pathId(id: string): string {
  if (!/^[1-9]\d{0,17}$/.test(id)) throw new PortalError(PortalCode.NOT_FOUND);
  return id;
}
