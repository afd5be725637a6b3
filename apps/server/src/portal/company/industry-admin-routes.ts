import { CATALOGUE_LIMITS, INDUSTRY_LIMITS } from '@liaison/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireActing } from '../acting';
import { titleSchema } from '../admin/content-fields';
import { blankless, PLATFORM_ADMIN } from '../admin/review-routes';
import { changed } from '../catalogue/catalogue-admin-routes';
import { notEnterprises } from '../catalogue/clusters';
import { sortOrder, text } from '../catalogue/content-forms';
import { keywordsSchema } from '../catalogue/keywords';
import { isRecordId, requireRecordId } from '../catalogue/public-paging';
import { type PortalContext, parse } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { pagingOf } from '../paging';
import { joinSegment, leaveSegment } from './company';
import { adminChain, createChain, deleteChain, listAdminChains, updateChain } from './industry-admin';

const ADMIN = '/portal/admin/industry';
const L = INDUSTRY_LIMITS;

const NOT_OURS = '环节不属于该产业链';
const segmentSchema = z.object({
  // Absent, null or '' is a new segment; anything but a record ID cannot be one of this chain.
  id: z
    .union([z.string(), z.number(), z.null()], { error: NOT_OURS })
    .optional()
    .transform((value) => (value === null || value === undefined ? null : String(value).trim() || null))
    .refine((id) => id === null || isRecordId(id), NOT_OURS),
  stage: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: '环节须位于上游、中游或下游' }),
  name: titleSchema('环节名称', L.segmentName),
});
const chainSchema = z.object({
  name: titleSchema('产业链名称', L.chainName),
  description: text('产业链简介', L.description),
  sortOrder,
  segments: z
    .array(segmentSchema, { error: '环节不正确' })
    .max(L.segments, `环节最多${L.segments}个`)
    .default([])
    .refine((list) => distinct(list.map((s) => s.name)), '同一产业链的环节名称不能重复')
    .refine((list) => distinct(list.flatMap((s) => (s.id === null ? [] : [s.id]))), NOT_OURS),
});
const listSchema = z.object({ keyword: keywordsSchema(CATALOGUE_LIMITS.keyword) });
const memberSchema = z.object({
  segmentId: z.union([z.string(), z.number()], { error: '请选择环节' }).transform(String),
  userId: z.string().trim().min(1, '请选择企业').max(64, '只能加入已认证企业'),
});

type ById = FastifyRequest<{ Params: { id: string } }>;
type ByMember = FastifyRequest<{ Params: { segmentId: string; userId: string } }>;

/**
 * Administrators (role admin; visitors 401, other accounts 403) write the industry chains the
 * public /industry draws, and place enterprises in their segments or take them out, as an
 * enterprise does itself from /manageCenter/industry. A refused form changes nothing.
 */
export function industryAdminRoutes(app: FastifyInstance, ctx: PortalContext): void {
  const admin = (request: FastifyRequest) => requireActing(ctx, request, PLATFORM_ADMIN);

  app.get(`${ADMIN}/chain/list`, async (request) => {
    await admin(request);
    const { keyword } = parse(listSchema, blankless(request.query));
    return ok(await listAdminChains(ctx.db, keyword, pagingOf(request.query)));
  });
  app.get(`${ADMIN}/chain/:id`, async (request: ById) => {
    await admin(request);
    return ok(await adminChain(ctx.db, requireRecordId(request.params.id)));
  });
  app.post(`${ADMIN}/chain`, async (request) => {
    await admin(request);
    return ok({ id: await createChain(ctx.db, parse(chainSchema, request.body)) }, '新增成功');
  });
  app.put(`${ADMIN}/chain/:id`, async (request: ById) => {
    await admin(request);
    const id = requireRecordId(request.params.id);
    return changed(await updateChain(ctx.db, id, parse(chainSchema, request.body)), '修改成功');
  });
  app.delete(`${ADMIN}/chain/:id`, async (request: ById) => {
    await admin(request);
    return changed(await deleteChain(ctx.db, requireRecordId(request.params.id)), '删除成功');
  });

  app.post(`${ADMIN}/segment/member`, async (request) => {
    await admin(request);
    const { segmentId, userId } = parse(memberSchema, request.body);
    if ((await notEnterprises(ctx.db, [userId])).length > 0) {
      throw new PortalError(PortalCode.ERROR, '只能加入已认证企业');
    }
    await joinSegment(ctx.db, userId, requireRecordId(segmentId));
    return ok(undefined, '已加入该环节');
  });
  app.delete(`${ADMIN}/segment/:segmentId/member/:userId`, async (request: ByMember) => {
    await admin(request);
    await leaveSegment(ctx.db, request.params.userId, requireRecordId(request.params.segmentId));
    return ok(undefined, '已移出该环节');
  });
}

function distinct(values: readonly string[]): boolean {
  return new Set(values).size === values.length;
}
