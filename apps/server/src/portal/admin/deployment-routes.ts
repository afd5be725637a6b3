import { deploymentAbilitiesSchema } from '@liaison/protocol';
import type { FastifyInstance } from 'fastify';
import { requireActing } from '../acting';
import { type PortalContext, parse } from '../context';
import { ok } from '../envelope';
import { PLATFORM_ADMIN } from './review-routes';

/** Any of the switches, at least one: what an admin changes on the deployment page. */
const changesSchema = deploymentAbilitiesSchema
  .partial()
  .strict()
  .refine((changes) => Object.keys(changes).length > 0, '请至少选择一项能力');

/**
 * The deployment's switches for the reference's paid-plan capabilities (docs/deploy.md,
 * Deployment plans): platform admins read and set them; a change reaches every connected client.
 */
export function deploymentRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.get('/system/deployment/abilities', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    return ok(ctx.abilities.abilities);
  });

  app.put('/system/deployment/abilities', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const changes = parse(changesSchema, request.body);
    return ok(await ctx.abilities.set(changes), '保存成功');
  });
}
