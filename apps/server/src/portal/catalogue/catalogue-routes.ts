import { CATALOGUE_LIMITS } from '@liaison/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { categoryExists } from '../abilities/abilities';
import { requireActing } from '../acting';
import { blankless } from '../admin/review-routes';
import { bearerToken, type PortalContext, parse, requireAccount } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { recordView } from '../follows/follows';
import { listArticles, readArticle } from './articles';
import { catalogueAdminRoutes } from './catalogue-admin-routes';
import { clusterDetail, clusterExists, listClusters } from './clusters';
import { enterpriseProfile, listEnterprises } from './enterprises';
import { expertDetail, listExperts } from './experts';
import { homeData } from './home';
import { keywordsSchema } from './keywords';
import { matchOperations } from './match-operations';
import {
  type AbilityFilter,
  chainAbilities,
  chainExists,
  listPublicAbilities,
  publicAbilityDetail,
} from './public-abilities';
import { isRecordId, publicPagingOf, requireRecordId } from './public-paging';

const CHAIN = '/portal/supply/chain';

const idText = z.union([z.string(), z.number()], { error: '请求参数不完整' }).transform(String);
const keyword = keywordsSchema(CATALOGUE_LIMITS.keyword);
const abilityQuerySchema = z.object({
  categoryId: z
    .union([z.number(), z.string()], { error: '能力分类不正确' })
    .default(0)
    .transform(Number)
    .refine((id) => Number.isInteger(id) && id >= 0 && id <= 2_147_483_647, '能力分类不正确'),
  keyword,
  supplyChainId: idText.optional(),
  ownerId: z.string().trim().max(64, '企业不存在').optional(),
  sort: z.enum(['latest', 'popular'], { error: '排序方式不正确' }).default('latest'),
});
const chainSchema = z.object({ supplyChainId: idText.refine((id) => id !== '', '请选择产业链') });
const enterpriseQuerySchema = z.object({ keyword, clusterId: idText.optional() });
const articleQuerySchema = z.object({ kind: z.enum(['news', 'release'], { error: '文章类型不正确' }).optional() });
const expertQuerySchema = z.object({
  field: z.string().trim().max(30, '专家领域不能超过30个字符').default(''),
  keyword,
});

type ById = FastifyRequest<{ Params: { id: string } }>;
type ByUser = FastifyRequest<{ Params: { userId: string } }>;

/**
 * The public portal's catalogue (docs/portal-api.md "Public portal"): the capability library,
 * enterprises, clusters, articles, experts, the home page and match operations. Lists are public;
 * an ability's detail and a company main page need a login and count a view. Administrators
 * manage the platform's own content (catalogue-admin-routes.ts).
 */
export function catalogueRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.post('/portal/product/list/query', async (request) => {
    const filter = await abilityFilter(request.body);
    return ok(await listPublicAbilities(ctx.db, filter, publicPagingOf(request.query)));
  });

  app.get(`${CHAIN}/product/page`, async (request) => {
    const filter = await abilityFilter(blankless(request.query));
    return ok(await listPublicAbilities(ctx.db, filter, publicPagingOf(request.query)));
  });

  app.get(`${CHAIN}/product/list`, async (request) => {
    const { supplyChainId } = parse(chainSchema, blankless(request.query));
    return ok(await chainAbilities(ctx.db, await requireChain(supplyChainId)));
  });

  app.get(`${CHAIN}/ability/:id`, async (request: ById) => {
    const acting = await requireActing(ctx, request);
    const detail = await publicAbilityDetail(ctx.db, requireRecordId(request.params.id));
    const counted = await recordView(ctx.db, acting, { productId: detail.id });
    return ok({ ...detail, viewCount: detail.viewCount + (counted ? 1 : 0) });
  });

  app.get(`${CHAIN}/extend/info/:userId`, async (request: ByUser) => {
    const acting = await requireActing(ctx, request);
    const profile = await enterpriseProfile(ctx.db, request.params.userId);
    await recordView(ctx.db, acting, { ownerId: profile.userId });
    return ok(profile);
  });

  app.get('/portal/enterprise/list', async (request) => {
    const { keyword: keywords, clusterId } = parse(enterpriseQuerySchema, blankless(request.query));
    const cluster = clusterId === undefined ? null : await requireCluster(clusterId);
    const paging = publicPagingOf(request.query);
    return ok(await listEnterprises(ctx.db, { keywords, clusterId: cluster, sort: 'abilities' }, paging));
  });

  app.get('/portal/cluster/list', async () => ok(await listClusters(ctx.db)));

  app.get('/portal/cluster/:id', async (request: ById) =>
    ok(await clusterDetail(ctx.db, requireRecordId(request.params.id))),
  );

  app.get('/portal/article/list', async (request) => {
    const { kind } = parse(articleQuerySchema, blankless(request.query));
    const filter = { kind: kind ?? null, keywords: [], sort: 'latest' } as const;
    return ok(await listArticles(ctx.db, filter, publicPagingOf(request.query)));
  });

  app.get('/portal/article/:id', async (request: ById) =>
    ok(await readArticle(ctx.db, requireRecordId(request.params.id))),
  );

  app.get('/portal/expert/list', async (request) => {
    const { field, keyword: keywords } = parse(expertQuerySchema, blankless(request.query));
    return ok(await listExperts(ctx.db, { field, keywords, sort: 'order' }, publicPagingOf(request.query)));
  });

  // Public, with the contact only for a logged-in reader: no token is a visitor, a bad one a 401.
  app.get('/portal/expert/:id', async (request: ById) => {
    const reader = bearerToken(request) ? await requireAccount(ctx, request) : null;
    return ok(await expertDetail(ctx.db, requireRecordId(request.params.id), reader !== null));
  });

  app.get('/portal/home', async () => ok(await homeData(ctx.db)));

  app.get('/portal/match/operations', async () => ok(await matchOperations(ctx.db)));

  catalogueAdminRoutes(app, ctx);

  async function abilityFilter(input: unknown): Promise<AbilityFilter> {
    const query = parse(abilityQuerySchema, input);
    if (query.categoryId > 0 && !(await categoryExists(ctx.db, query.categoryId))) {
      throw new PortalError(PortalCode.ERROR, '能力分类不存在');
    }
    const chain = query.supplyChainId ? await requireChain(query.supplyChainId) : null;
    return {
      categoryId: query.categoryId,
      keywords: query.keyword,
      supplyChainId: chain,
      ownerId: query.ownerId || null,
      sort: query.sort,
    };
  }

  async function requireChain(id: string): Promise<string> {
    if (!isRecordId(id) || !(await chainExists(ctx.db, id))) {
      throw new PortalError(PortalCode.ERROR, '产业链不存在');
    }
    return id;
  }

  async function requireCluster(id: string): Promise<string> {
    if (!isRecordId(id) || !(await clusterExists(ctx.db, id))) {
      throw new PortalError(PortalCode.ERROR, '企业集群不存在');
    }
    return id;
  }
}
