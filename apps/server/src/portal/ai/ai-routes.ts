import type { AiStatus } from '@liaison/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type PortalContext, requireAccount } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { AI_TEXT, mayUseAi, requireAiUser } from './access';
import { answerChat } from './chat-answer';
import { deleteConversation, listConversations, listMessages, ownConversation } from './conversations';

type ById = FastifyRequest<{ Params: { id: string } }>;

/** The AI assistant (docs/portal-api.md "AI assistant"): conversations per user, answers streamed. */
export function aiRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.get('/portal/ai/status', async (request) => {
    const account = await requireAccount(ctx, request);
    const status: AiStatus = {
      configured: ctx.ai !== null,
      allowed: await mayUseAi(ctx.db, account),
      model: ctx.ai?.model ?? '',
    };
    return ok(status);
  });
  app.get('/portal/ai/conversations', async (request) => {
    const account = await requireAiUser(ctx, request);
    return ok(await listConversations(ctx.db, account.user_id));
  });
  app.get('/portal/ai/conversations/:id/messages', async (request: ById) => {
    const account = await requireAiUser(ctx, request);
    const id = await ownConversation(ctx.db, account.user_id, request.params.id);
    if (id === null) throw new PortalError(PortalCode.NOT_FOUND, AI_TEXT.notFound);
    return ok(await listMessages(ctx.db, id));
  });
  app.delete('/portal/ai/conversations/:id', async (request: ById) => {
    const account = await requireAiUser(ctx, request);
    if (!(await deleteConversation(ctx.db, account.user_id, request.params.id))) {
      throw new PortalError(PortalCode.NOT_FOUND, AI_TEXT.notFound);
    }
    return ok(undefined, '对话已删除');
  });
  app.post('/portal/ai/chat', (request, reply) => answerChat(ctx, request, reply));
}
