import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppCredentials } from '../auth/usersig';
import type { Database } from '../db/database';
import { type AccountRow, findAccount } from './accounts';
import type { Sessions } from './auth/sessions';
import { PortalCode, PortalError } from './envelope';
import type { PortalLimits } from './limits';
import type { DevOutbox, SmsProvider } from './sms';
import type { UploadStore } from './uploads';

/** What every portal route module works with. */
export interface PortalContext {
  db: Database;
  app: AppCredentials;
  sessions: Sessions;
  sm4Key: string;
  /** Keys the hash of identity numbers, so the stored hash cannot be reversed by trying them all. */
  idCardKey: string;
  sms: SmsProvider;
  outbox: DevOutbox | null;
  uploads: UploadStore;
  /** Per-address and per-user request limits (docs/security.md, Abuse limits). */
  limits: PortalLimits;
  testHooks: boolean;
  devOutboxEndpoint: boolean;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The logged-in account, or a 401 for a missing, malformed, forged, expired or revoked token. */
export async function requireAccount(ctx: PortalContext, request: FastifyRequest): Promise<AccountRow> {
  const token = bearerToken(request);
  const session = token ? await ctx.sessions.authenticate(token) : null;
  const account = session ? await findAccount(ctx.db, session.userID) : null;
  if (!account) throw new PortalError(PortalCode.UNAUTHORIZED);
  return account;
}

export async function requireAdmin(ctx: PortalContext, request: FastifyRequest): Promise<AccountRow> {
  const account = await requireAccount(ctx, request);
  if (!account.is_admin) throw new PortalError(PortalCode.FORBIDDEN);
  return account;
}

/** Validates a request body; the first problem is the message, in the portal's language. */
export function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue && issue.code !== 'invalid_type' ? issue.message : '请求参数不完整';
  throw new PortalError(PortalCode.ERROR, message);
}

/** spec portal.md §4: mainland mobile numbers (+86 is fixed in the form). */
export const mobileSchema = z.string().regex(/^1[3-9]\d{9}$/, '请输入正确的手机号码');
