import { PortalPermission } from '@liaison/protocol';
import type { FastifyInstance } from 'fastify';
import { requireActing } from '../acting';
import type { PortalContext } from '../context';
import { ok } from '../envelope';
import {
  abilitiesPerCategory,
  dataBoard,
  newThisWeek,
  platformTotals,
  topAbilities,
  topKeywords,
  weekChart,
} from './statistics';

const SELF = '/portal/self/center';
const SUPPLY = '/portal/supply/chain';

/** spec portal.md §7 "Self centre": the data board and the statistics GETs, for enterprises. */
export function statisticsRoutes(app: FastifyInstance, ctx: PortalContext): void {
  const enterprise = async (request: Parameters<typeof requireActing>[1]) =>
    (await requireActing(ctx, request, PortalPermission.STATISTICS_VIEW)).enterpriseId;

  app.get(`${SELF}/data/board`, async (request) => ok(await dataBoard(ctx.db, await enterprise(request), Date.now())));

  app.get(`${SUPPLY}/ability/statistic`, async (request) =>
    ok(await abilitiesPerCategory(ctx.db, await enterprise(request))),
  );

  app.get(`${SUPPLY}/statistics`, async (request) => {
    await enterprise(request);
    return ok(await platformTotals(ctx.db));
  });

  app.get(`${SUPPLY}/new/statistics`, async (request) => {
    await enterprise(request);
    return ok(await newThisWeek(ctx.db, Date.now()));
  });

  app.get(`${SELF}/ability/top/ten/statistics`, async (request) =>
    ok(await topAbilities(ctx.db, await enterprise(request))),
  );

  app.get(`${SELF}/keywords/top/ten/statistics`, async (request) => {
    await enterprise(request);
    return ok(await topKeywords(ctx.db, Date.now()));
  });

  app.get(`${SELF}/week/chart/statistics/data`, async (request) =>
    ok(await weekChart(ctx.db, await enterprise(request), Date.now())),
  );
}
