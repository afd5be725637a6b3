import type { FastifyInstance } from 'fastify';
import type { PortalContext } from '../context';
import { contentRoutes } from './content-routes';
import { deploymentRoutes } from './deployment-routes';
import { reviewRoutes } from './review-routes';

/**
 * Platform administration (reviews, the deployment's switches) and the platform's content
 * (advertisements, education videos).
 */
export function adminRoutes(app: FastifyInstance, ctx: PortalContext): void {
  reviewRoutes(app, ctx);
  contentRoutes(app, ctx);
  deploymentRoutes(app, ctx);
}
