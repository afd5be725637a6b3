import { PortalPermission } from '@liaison/protocol';
import type { FastifyInstance } from 'fastify';
import { requireActing } from '../acting';
import type { PortalContext } from '../context';
import { ok } from '../envelope';
import { pagingOf } from '../paging';
import { ledgerPage, pointsInfo, signIn } from './points';

/** spec portal.md §7 sign-in, and the points summary and ledger (docs/portal-api.md "VIP, points and sign-in"). */
export function pointsRoutes(app: FastifyInstance, ctx: PortalContext, clock: () => number = Date.now): void {
  app.post('/portal/self/center/sign-in/per/day', async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.POINTS_SIGN_IN);
    const result = await signIn(ctx.db, acting.enterpriseId, clock());
    return ok(result, result.isNew ? '签到成功' : '今日已签到');
  });

  app.get('/portal/self/center/points/info', async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.POINTS_SIGN_IN);
    return ok(await pointsInfo(ctx.db, acting.enterpriseId, clock()));
  });

  app.get('/portal/self/center/points/ledger', async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.POINTS_SIGN_IN);
    return ok(await ledgerPage(ctx.db, acting.enterpriseId, pagingOf(request.query)));
  });
}
