import { PortalPermission } from '@liaison/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireActing, requireEnterprise } from '../acting';
import { type PortalContext, parse } from '../context';
import { ok } from '../envelope';
import { pagingOf } from '../paging';
import {
  abilityDetail,
  addAbility,
  editAbility,
  listAbilities,
  listCategories,
  moveToRecycleBin,
  recoverAbilities,
  removeForGood,
  setAbilityStatus,
} from './abilities';
import { idSchema, readEditedAbility, readNewAbility } from './ability-input';

const BASE = '/portal/supply/chain';
const P = PortalPermission;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const listQuery = z.object({
  productName: z.string().trim().max(50, '能力名称不能超过50个字符').default(''),
  categoryId: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^\d{1,9}$/, '能力分类不正确')
      .transform(Number)
      .default(0),
  ),
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(['0', '1', '2'], { message: '能力状态不正确' })
      .transform((s) => Number(s) as 0 | 1 | 2)
      .optional(),
  ),
});
const detailBody = z.object({ id: idSchema });
const statusBody = z.object({
  id: idSchema,
  status: z.union([z.literal(1), z.literal(2)], { message: '能力状态不正确' }),
});
const recoverBody = z
  .object({ id: idSchema.optional(), ids: z.array(idSchema).max(100, '一次最多恢复100个').optional() })
  .transform((body) => [...new Set([...(body.ids ?? []), ...(body.id === undefined ? [] : [body.id])])])
  .refine((ids) => ids.length > 0, '请选择要恢复的能力');

/** The enterprise's abilities in the management centre (docs/portal-api.md "Abilities"). */
export function abilitiesRoutes(app: FastifyInstance, ctx: PortalContext): void {
  // Public: the capability library shows the categories as tabs to visitors too.
  app.get(`${BASE}/product/category/list`, async () => ok(await listCategories(ctx.db)));

  app.post(`${BASE}/add/product`, async (request) => {
    const acting = await requireActing(ctx, request, P.PRODUCT_ADD);
    requireEnterprise(acting);
    const { values, status } = await readNewAbility(ctx.db, acting, request.body);
    const id = await addAbility(ctx.db, acting, values, status ?? 0);
    return ok({ id }, status === 1 ? '发布成功' : '保存成功');
  });

  app.post(`${BASE}/edit/product`, async (request) => {
    const acting = await requireActing(ctx, request, P.PRODUCT_EDIT);
    const { id, values, status } = await readEditedAbility(ctx.db, acting, request.body);
    await editAbility(ctx.db, acting, id, values, status);
    return ok({ id }, '修改成功');
  });

  app.post(`${BASE}/detail`, async (request) => {
    const acting = await requireActing(ctx, request, P.PRODUCT_VIEW);
    const { id } = parse(detailBody, request.body);
    return ok(await abilityDetail(ctx.db, acting, id));
  });

  app.get(`${BASE}/product/personal/page`, async (request) => {
    const acting = await requireActing(ctx, request, P.PRODUCT_VIEW);
    const paging = pagingOf(request.query);
    const filter = parse(listQuery, request.query);
    return ok(await listAbilities(ctx.db, acting, { ...filter, status: filter.status ?? null }, paging, false));
  });

  app.post(`${BASE}/product/personal/status`, async (request) => {
    const acting = await requireActing(ctx, request, P.PRODUCT_EDIT);
    const { id, status } = parse(statusBody, request.body);
    await setAbilityStatus(ctx.db, acting, id, status);
    return ok(undefined, status === 1 ? '发布成功' : '已下架');
  });

  app.delete<{ Params: { id: string } }>(`${BASE}/product/personal/:id`, async (request) => {
    const acting = await requireActing(ctx, request, P.PRODUCT_REMOVE);
    await moveToRecycleBin(ctx.db, acting, request.params.id);
    return ok(undefined, '已移入回收站');
  });

  app.get(`${BASE}/product/personal/recycle/page`, async (request) => {
    const acting = await requireActing(ctx, request, P.PRODUCT_REMOVE);
    const paging = pagingOf(request.query);
    const { productName } = parse(listQuery, request.query);
    return ok(await listAbilities(ctx.db, acting, { productName, categoryId: 0, status: null }, paging, true));
  });

  app.post(`${BASE}/product/personal/recover`, async (request) => {
    const acting = await requireActing(ctx, request, P.PRODUCT_REMOVE);
    await recoverAbilities(ctx.db, acting, parse(recoverBody, request.body));
    return ok(undefined, '恢复成功');
  });

  app.delete<{ Params: { id: string } }>(`${BASE}/product/personal/ensure/:id`, async (request) => {
    const acting = await requireActing(ctx, request, P.PRODUCT_REMOVE);
    await removeForGood(ctx.db, acting, request.params.id);
    return ok(undefined, '已彻底删除');
  });
}
