import type { FastifyRequest } from 'fastify';
import type { Sql } from '../../db/database';
import type { AccountRow } from '../accounts';
import { accessOf } from '../acting';
import { type PortalContext, requireAccount } from '../context';
import { PortalCode, PortalError } from '../envelope';

export const AI_TEXT = {
  notConfigured: 'AI助手尚未配置',
  notAllowed: 'AI助手仅对内测用户开放，请先申请内测资格',
  notFound: '对话不存在',
} as const;

/** Spec portal.md §4: the beta, approved, or the AI permission opens the assistant (a sub-account's are its enterprise's). */
export async function mayUseAi(db: Sql, account: AccountRow): Promise<boolean> {
  const { betaStatus, aiStatus } = await accessOf(db, account);
  return betaStatus === true || aiStatus;
}

/** The logged-in account that may use the assistant; 401 for a visitor, 403 for anyone else. */
export async function requireAiUser(ctx: PortalContext, request: FastifyRequest): Promise<AccountRow> {
  const account = await requireAccount(ctx, request);
  if (!(await mayUseAi(ctx.db, account))) throw new PortalError(PortalCode.FORBIDDEN, AI_TEXT.notAllowed);
  return account;
}
