import { PortalPermission } from '@liaison/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Acting, requireActing } from '../acting';
import { bearerToken, type PortalContext, parse } from '../context';
import { hasConnected } from '../cooperation/connect';
import { ok } from '../envelope';
import { pagingOf } from '../paging';
import {
  collect,
  follow,
  hasCollected,
  isFollowing,
  listCollections,
  listFollows,
  listViewsOfMe,
  recordView,
  uncollect,
  unfollow,
} from './follows';

type ById = FastifyRequest<{ Params: { id: string } }>;

const nameSchema = z.object({ name: z.string().trim().max(50, '名称不能超过50个字符').default('') });
const productNameSchema = z.object({
  productName: z.string().trim().max(50, '能力名称不能超过50个字符').default(''),
});
const viewSchema = z
  .object({
    ownerId: z.string().trim().max(64).optional(),
    productId: z.union([z.string(), z.number()]).transform(String).optional(),
  })
  .refine((body) => Boolean(body.ownerId || body.productId), '请指定浏览的企业或能力');

const CHAIN = '/portal/supply/chain';
const SELF = '/portal/self/center';

/** Follows, collections and views (spec portal.md §7; docs/portal-api.md). */
export function followRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.get(`${CHAIN}/follow/:id`, async (request: ById) => {
    await follow(ctx.db, await requireActing(ctx, request), request.params.id);
    return ok(true, '关注成功');
  });
  app.get(`${CHAIN}/cancel/follow/:id`, async (request: ById) => {
    await unfollow(ctx.db, await requireActing(ctx, request), request.params.id);
    return ok(false, '已取消关注');
  });
  app.get(`${CHAIN}/has/follow/:id`, async (request: ById) =>
    ok(await isFollowing(ctx.db, await requireActing(ctx, request), request.params.id)),
  );
  app.get(`${CHAIN}/has/connect/:id`, async (request: ById) => {
    const acting = await requireActing(ctx, request);
    return ok(await hasConnected(ctx.db, acting.account.user_id, request.params.id));
  });
  app.get(`${SELF}/follow/page`, async (request) => {
    const acting = await requireActing(ctx, request);
    const paging = pagingOf(request.query);
    return ok(await listFollows(ctx.db, acting, parse(nameSchema, request.query).name, paging));
  });

  app.get('/portal/product/collection/:id', async (request: ById) => {
    await collect(ctx.db, await requireActing(ctx, request), request.params.id);
    return ok(true, '收藏成功');
  });
  app.get('/portal/product/cancel/collection/:id', async (request: ById) => {
    await uncollect(ctx.db, await requireActing(ctx, request), request.params.id);
    return ok(false, '已取消收藏');
  });
  app.get('/portal/product/has/collection/:id', async (request: ById) =>
    ok(await hasCollected(ctx.db, await requireActing(ctx, request), request.params.id)),
  );
  app.get(`${SELF}/collection/page`, async (request) => {
    const acting = await requireActing(ctx, request);
    const paging = pagingOf(request.query);
    return ok(await listCollections(ctx.db, acting, parse(productNameSchema, request.query).productName, paging));
  });

  // Public pages call this for visitors too: no token is a visitor; a bad token is still a 401.
  app.post(`${CHAIN}/view`, async (request) => {
    const viewer: Acting | null = bearerToken(request) ? await requireActing(ctx, request) : null;
    return ok({ recorded: await recordView(ctx.db, viewer, parse(viewSchema, request.body)) });
  });
  app.get(`${SELF}/view/me/info`, async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.STATISTICS_VIEW);
    return ok(await listViewsOfMe(ctx.db, acting, pagingOf(request.query)));
  });
}
