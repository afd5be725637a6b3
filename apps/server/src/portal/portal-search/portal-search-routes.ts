import { PORTAL_SEARCH } from '@liaison/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { blankless } from '../admin/review-routes';
import { keywordsSchema } from '../catalogue/keywords';
import { publicPagingOf } from '../catalogue/public-paging';
import { type PortalContext, parse, requireAccount } from '../context';
import { ok } from '../envelope';
import { portalSearch } from './portal-search';

const searchSchema = z.object({
  keyword: keywordsSchema(PORTAL_SEARCH.keywordMax),
  type: z.enum(['all', 'ability', 'enterprise', 'expert', 'news'], { error: '搜索类型不正确' }).default('all'),
});

/** `GET /portal/search` (login required: /search is a gated page, spec portal.md §4). */
export function portalSearchRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.get('/portal/search', async (request) => {
    const account = await requireAccount(ctx, request);
    const { keyword, type } = parse(searchSchema, blankless(request.query));
    const paging = publicPagingOf(request.query);
    return ok(await portalSearch(ctx.db, account.user_id, { keywords: keyword, type, paging }));
  });
}
