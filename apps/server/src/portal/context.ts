import { findUnstorableText, withoutBidiControls } from '@liaison/protocol';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppCredentials } from '../auth/usersig';
import type { Bus } from '../bus/bus';
import type { Database } from '../db/database';
import type { AbilitySwitches } from '../im/deployment/abilities';
import type { MessageWriter } from '../im/messages/message-writer';
import type { ClientLog } from '../logging/client-log';
import { type AccountRow, findAccount } from './accounts';
import type { ChatModel } from './ai/chat-model';
import type { Sessions } from './auth/sessions';
import type { WechatLogin } from './auth/wechat';
import { PortalCode, PortalError } from './envelope';
import type { FileLinks } from './file-links';
import type { PortalLimits } from './limits';
import type { DevOutbox, SmsProvider } from './sms';
import type { UploadStore } from './uploads';
import type { PaymentProvider } from './vip/payments';

/** What every portal route module works with. */
export interface PortalContext {
  db: Database;
  app: AppCredentials;
  /** Tells the IM sessions a portal logout ends, on every process. */
  bus: Bus;
  /** Stores and delivers the IM messages the portal starts (a cooperation agreed opens a chat). */
  writer: MessageWriter;
  /** Lines caused by a client, budgeted per address. */
  clientLog: ClientLog;
  sessions: Sessions;
  sm4Key: string;
  /** Keys the hash of identity numbers, so the stored hash cannot be reversed by trying them all. */
  idCardKey: string;
  sms: SmsProvider;
  /** Off: no SMS login, no registration (which is by SMS code). */
  smsLogin: boolean;
  /** The ICP filing number the footer shows (PORTAL_ICP); '' for none. */
  icp: string;
  outbox: DevOutbox | null;
  uploads: UploadStore;
  /** Signed, short-lived links to private uploads. */
  fileLinks: FileLinks;
  /** Per-address and per-user request limits (docs/security.md, Abuse limits). */
  limits: PortalLimits;
  testHooks: boolean;
  devOutboxEndpoint: boolean;
  /** WeChat website login; null when WECHAT_APP_ID/WECHAT_APP_SECRET are not set. */
  wechat: WechatLogin | null;
  /** The AI assistant's model; null when AI_BASE_URL is not set. */
  ai: ChatModel | null;
  /** Takes QR payments for VIP orders; null: none configured, only points pay. */
  payments: PaymentProvider | null;
  /** The deployment's switches (im/deployment/), which platform admins set. */
  abilities: AbilitySwitches;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The logged-in account, or a 401 for a missing, malformed, forged, expired or revoked token. */
export async function requireAccount(ctx: PortalContext, request: FastifyRequest): Promise<AccountRow> {
  return (await requireSession(ctx, request)).account;
}

/** The logged-in account and the portal session the token names; 401 as requireAccount. */
export async function requireSession(
  ctx: PortalContext,
  request: FastifyRequest,
): Promise<{ account: AccountRow; sessionID: string }> {
  const token = bearerToken(request);
  const session = token ? await ctx.sessions.authenticate(token) : null;
  const account = session ? await findAccount(ctx.db, session.userID) : null;
  if (!session || !account || account.disabled) throw new PortalError(PortalCode.UNAUTHORIZED);
  return { account, sessionID: session.sessionID };
}

export async function requireAdmin(ctx: PortalContext, request: FastifyRequest): Promise<AccountRow> {
  const account = await requireAccount(ctx, request);
  if (!account.is_admin) throw new PortalError(PortalCode.FORBIDDEN);
  return account;
}

/**
 * Validates a request body; the first problem is the message, in the portal's language. Text
 * the database cannot store (NUL, an unpaired surrogate) is refused here, in any field. Bidi
 * formatting characters are taken out of every field first: the portal's text is names, titles
 * and Chinese prose, never right-to-left writing, and any field may be shown beside another
 * (docs/security.md "Bidi spoofing").
 */
export function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(withoutBidiControls(body ?? {}));
  if (result.success) {
    if (findUnstorableText(result.data) !== null) throw new PortalError(PortalCode.ERROR, UNSTORABLE_TEXT);
    return result.data;
  }
  const issue = result.error.issues[0];
  const message = issue && issue.code !== 'invalid_type' ? issue.message : '请求参数不完整';
  throw new PortalError(PortalCode.ERROR, message);
}

/** Route parameters and query strings get the same refusal as bodies, before any lookup by them. */
export function refuseUnstorableAddress(request: FastifyRequest): void {
  if (findUnstorableText(request.params) !== null || findUnstorableText(request.query) !== null) {
    throw new PortalError(PortalCode.ERROR, UNSTORABLE_TEXT);
  }
}

const UNSTORABLE_TEXT = '内容含有无法保存的字符';

/** spec portal.md §4: mainland mobile numbers (+86 is fixed in the form). */
export const mobileSchema = z.string().regex(/^1[3-9]\d{9}$/, '请输入正确的手机号码');
