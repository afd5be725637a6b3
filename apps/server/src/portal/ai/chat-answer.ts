import { AI_LIMITS } from '@liaison/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Sql } from '../../db/database';
import { type PortalContext, parse } from '../context';
import { PortalCode, PortalError } from '../envelope';
import { AI_TEXT, requireAiUser } from './access';
import { streamAnswer } from './answer-stream';
import {
  addMessage,
  createConversation,
  deleteMessage,
  historyTurns,
  lastExchange,
  ownConversation,
} from './conversations';
import { modelTurns } from './model-prompt';
import { portalReferences } from './portal-references';
import { promptKeywords } from './prompt-keywords';

/** Portal items given to the model (and shown under the answer) at most. */
export const AI_REFERENCES_MAX = 8;

const idSchema = z.union([z.string(), z.number()]).transform(String);
const chatSchema = z
  .object({
    conversationId: idSchema.optional(),
    prompt: z.string().trim().max(AI_LIMITS.prompt, `问题不能超过${AI_LIMITS.prompt}个字符`).default(''),
    retryOf: idSchema.optional(),
  })
  .refine((body) => body.retryOf !== undefined || body.prompt !== '', '请输入问题')
  .refine((body) => body.retryOf === undefined || body.conversationId !== undefined, '请指定要重新回答的对话');

type ChatBody = z.infer<typeof chatSchema>;

/**
 * `POST /portal/ai/chat`: refusals (login, access, input, configuration, rate) come as the usual
 * envelope, before anything is stored; after that the answer streams as server-sent events.
 */
export async function answerChat(ctx: PortalContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const account = await requireAiUser(ctx, request);
  const body = parse(chatSchema, request.body);
  const model = ctx.ai;
  if (!model) throw new PortalError(PortalCode.ERROR, AI_TEXT.notConfigured);
  await ctx.limits.aiPrompt(account.user_id);
  const now = Date.now();
  const question = await storeQuestion(ctx.db, account.user_id, body, now);
  const keywords = promptKeywords(question.prompt);
  const references = await portalReferences(ctx.db, account.user_id, keywords, AI_REFERENCES_MAX);
  const history = await historyTurns(ctx.db, question.conversationId, question.userMessageId);
  const assistantMessageId = await addMessage(
    ctx.db,
    question.conversationId,
    // Stored at once so the start event can name it; an answer that never finishes stays a failure.
    { role: 'assistant', content: '', state: 'error', references },
    now,
  );
  await streamAnswer(reply, {
    model,
    turns: modelTurns(history, question.prompt, references),
    start: {
      type: 'start',
      conversationId: question.conversationId,
      userMessageId: question.userMessageId,
      assistantMessageId,
      references,
    },
    db: ctx.db,
    onFailure: (failure) => ctx.clientLog.info(request.ip, { failure }, 'AI model failed'),
    onFault: (err) => ctx.clientLog.fault(request.ip, err, 'AI answer failed'),
  });
}

interface Question {
  conversationId: string;
  userMessageId: string;
  prompt: string;
}

/** A new prompt is stored (in a new conversation when none is named); a retry drops the answer it replaces. */
async function storeQuestion(db: Sql, userId: string, body: ChatBody, now: number): Promise<Question> {
  const named = body.conversationId === undefined ? null : await ownConversation(db, userId, body.conversationId);
  if (body.conversationId !== undefined && named === null)
    throw new PortalError(PortalCode.NOT_FOUND, AI_TEXT.notFound);
  if (body.retryOf !== undefined && named !== null) {
    const exchange = await lastExchange(db, named);
    if (exchange?.answer.id !== body.retryOf) throw new PortalError(PortalCode.ERROR, '只能重新回答最后一个问题');
    await deleteMessage(db, exchange.answer.id);
    return { conversationId: named, userMessageId: exchange.prompt.id, prompt: exchange.prompt.content };
  }
  const conversationId = named ?? (await createConversation(db, userId, body.prompt, now));
  const userMessageId = await addMessage(
    db,
    conversationId,
    { role: 'user', content: body.prompt, state: 'done', references: [] },
    now,
  );
  return { conversationId, userMessageId, prompt: body.prompt };
}
