import { CATALOGUE_LIMITS } from '@liaison/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireActing } from '../acting';
import { blankless, PLATFORM_ADMIN } from '../admin/review-routes';
import { type PortalContext, parse } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { pagingOf } from '../paging';
import { adminArticle, adminCluster, adminExpert, searchClusters } from './admin-reads';
import { createArticle, deleteArticle, listArticles, updateArticle } from './articles';
import { createCluster, deleteCluster, updateCluster } from './clusters';
import {
  articleSchema,
  articleValues,
  clusterSchema,
  clusterValues,
  expertSchema,
  expertValues,
} from './content-forms';
import { createExpert, deleteExpert, updateExpert } from './experts';
import { keywordsSchema } from './keywords';
import { requireRecordId } from './public-paging';

const ADMIN = '/portal/admin';

const keyword = keywordsSchema(CATALOGUE_LIMITS.keyword);
const articleQuerySchema = z.object({
  kind: z.enum(['news', 'release'], { error: '文章类型不正确' }).optional(),
  keyword,
});
const clusterQuerySchema = z.object({ keyword });

type ById = FastifyRequest<{ Params: { id: string } }>;

/**
 * Administrators (role admin; visitors 401, other accounts 403) create, replace and delete the
 * platform's articles, experts and clusters. A refused form changes nothing. They read a record as
 * its form edits it, and search the articles and clusters, whose public lists have no search
 * (the experts' public list serves them).
 */
export function catalogueAdminRoutes(app: FastifyInstance, ctx: PortalContext): void {
  const admin = (request: FastifyRequest) => requireActing(ctx, request, PLATFORM_ADMIN);

  app.get(`${ADMIN}/article/list`, async (request) => {
    await admin(request);
    const { kind, keyword: keywords } = parse(articleQuerySchema, blankless(request.query));
    const filter = { kind: kind ?? null, keywords, sort: 'latest' } as const;
    return ok(await listArticles(ctx.db, filter, pagingOf(request.query)));
  });
  app.get(`${ADMIN}/article/:id`, async (request: ById) => {
    await admin(request);
    return ok(await adminArticle(ctx.db, requireRecordId(request.params.id)));
  });

  app.post(`${ADMIN}/article`, async (request) => {
    await admin(request);
    const values = await articleValues(ctx.db, ctx.uploads, parse(articleSchema, request.body));
    return ok({ id: await createArticle(ctx.db, values) }, '新增成功');
  });
  app.put(`${ADMIN}/article/:id`, async (request: ById) => {
    await admin(request);
    const id = requireRecordId(request.params.id);
    const values = await articleValues(ctx.db, ctx.uploads, parse(articleSchema, request.body));
    return changed(await updateArticle(ctx.db, id, values), '修改成功');
  });
  app.delete(`${ADMIN}/article/:id`, async (request: ById) => {
    await admin(request);
    return changed(await deleteArticle(ctx.db, requireRecordId(request.params.id)), '删除成功');
  });

  app.get(`${ADMIN}/expert/:id`, async (request: ById) => {
    await admin(request);
    return ok(await adminExpert(ctx.db, requireRecordId(request.params.id)));
  });
  app.post(`${ADMIN}/expert`, async (request) => {
    await admin(request);
    const values = await expertValues(ctx.db, ctx.uploads, parse(expertSchema, request.body));
    return ok({ id: await createExpert(ctx.db, values) }, '新增成功');
  });
  app.put(`${ADMIN}/expert/:id`, async (request: ById) => {
    await admin(request);
    const id = requireRecordId(request.params.id);
    const values = await expertValues(ctx.db, ctx.uploads, parse(expertSchema, request.body));
    return changed(await updateExpert(ctx.db, id, values), '修改成功');
  });
  app.delete(`${ADMIN}/expert/:id`, async (request: ById) => {
    await admin(request);
    return changed(await deleteExpert(ctx.db, requireRecordId(request.params.id)), '删除成功');
  });

  app.get(`${ADMIN}/cluster/list`, async (request) => {
    await admin(request);
    const { keyword: keywords } = parse(clusterQuerySchema, blankless(request.query));
    return ok(await searchClusters(ctx.db, keywords, pagingOf(request.query)));
  });
  app.get(`${ADMIN}/cluster/:id`, async (request: ById) => {
    await admin(request);
    return ok(await adminCluster(ctx.db, requireRecordId(request.params.id)));
  });
  app.post(`${ADMIN}/cluster`, async (request) => {
    await admin(request);
    const values = await clusterValues(ctx.db, ctx.uploads, parse(clusterSchema, request.body));
    return ok({ id: await createCluster(ctx.db, values) }, '新增成功');
  });
  app.put(`${ADMIN}/cluster/:id`, async (request: ById) => {
    await admin(request);
    const id = requireRecordId(request.params.id);
    const values = await clusterValues(ctx.db, ctx.uploads, parse(clusterSchema, request.body));
    return changed(await updateCluster(ctx.db, id, values), '修改成功');
  });
  app.delete(`${ADMIN}/cluster/:id`, async (request: ById) => {
    await admin(request);
    return changed(await deleteCluster(ctx.db, requireRecordId(request.params.id)), '删除成功');
  });
}

/** The answer to a change of one record: 404 when there was no such record. */
export function changed(found: boolean, msg: string) {
  if (!found) throw new PortalError(PortalCode.NOT_FOUND);
  return ok(undefined, msg);
}
