import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** Where a moderation service reports messages it found risky after delivery. */
export const MODERATION_CALLBACK_PATH = '/im/moderation/verdict';

const bodySchema = z.object({
  messageID: z.string().min(1).max(128),
  conversationKey: z.string().min(1).max(128).nullable().optional(),
});

/**
 * POST {messageID, conversationKey?} with `Authorization: Bearer <MODERATION_CALLBACK_TOKEN>`:
 * 200 when the message is flagged, 404 when no such message is stored (the service may retry:
 * its verdict can arrive before the message is committed), 401 without the token, 400 for a
 * malformed body.
 */
export function registerModerationCallback(
  http: FastifyInstance,
  token: string,
  lateVerdict: (flag: { messageID: string; conversationKey: string | null }) => Promise<boolean>,
): void {
  const expected = Buffer.from(`Bearer ${token}`);
  http.post(MODERATION_CALLBACK_PATH, async (request, reply) => {
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).send({ error: 'unauthorized' });
    }
    const body = bodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'expected {messageID, conversationKey?}' });
    const flagged = await lateVerdict({
      messageID: body.data.messageID,
      conversationKey: body.data.conversationKey ?? null,
    });
    return reply.code(flagged ? 200 : 404).send({ flagged });
  });
}
