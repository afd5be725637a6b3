import { PortalPermission, SUB_ACCOUNT_LIMITS, SUB_ACCOUNT_LOGIN_NAME_TEXT } from '@liaison/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userTarget } from '../../bus/bus';
import { requireActing } from '../acting';
import { hashPassword, PASSWORD_RULE, PASSWORD_RULE_TEXT } from '../auth/passwords';
import { sm4Decrypt } from '../auth/sm4';
import { type PortalContext, parse } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { pagingOf } from '../paging';
import {
  abilitiesForGrant,
  createSubAccount,
  deleteSubAccount,
  listSubAccounts,
  updateSubAccount,
} from './sub-accounts';

const PREFIX = '/portal/supply/chain/sub/account';

const idSchema = z.string().regex(/^u[0-9a-f]{12}$/, '子账号不存在');
const nickSchema = z
  .string()
  .trim()
  .min(1, '请输入子账号名称')
  .max(SUB_ACCOUNT_LIMITS.nick, `子账号名称不能超过${SUB_ACCOUNT_LIMITS.nick}个字符`);
/** SM4-sealed, as the login form sends it: base64 of whole blocks. */
const sealedSchema = z
  .string()
  .min(1, '请输入密码')
  .max(512, '请求参数解密失败')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, '请求参数解密失败');
const abilityIdsSchema = z
  .array(z.string().regex(/^\d{1,18}$/, '能力不存在'))
  .max(500, '授权的能力过多')
  .default([]);

const createSchema = z.object({
  loginName: z.string().trim().regex(SUB_ACCOUNT_LIMITS.loginName, SUB_ACCOUNT_LOGIN_NAME_TEXT),
  nick: nickSchema,
  password: sealedSchema,
  abilityIds: abilityIdsSchema,
});
const updateSchema = z.object({
  id: idSchema,
  nick: nickSchema,
  password: sealedSchema.optional(),
  abilityIds: abilityIdsSchema,
  disabled: z.boolean().default(false),
});
const listSchema = z.object({
  loginName: z.string().trim().max(20, '登录账号不能超过20个字符').default(''),
  nick: z
    .string()
    .trim()
    .max(SUB_ACCOUNT_LIMITS.nick, `子账号名称不能超过${SUB_ACCOUNT_LIMITS.nick}个字符`)
    .default(''),
});

/**
 * spec portal.md §7 "Sub-accounts": an approved enterprise manages its own sub-accounts
 * (SUB_ACCOUNT_MANAGE); disabling or deleting one ends its portal and IM sessions at once.
 */
export function subAccountRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.get(`${PREFIX}/list`, async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.SUB_ACCOUNT_MANAGE);
    const filter = parse(listSchema, request.query);
    return ok(await listSubAccounts(ctx.db, acting.enterpriseId, filter, pagingOf(request.query)));
  });

  app.get(`${PREFIX}/permission/abilities`, async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.SUB_ACCOUNT_MANAGE);
    const { subAccountId } = parse(z.object({ subAccountId: z.string().optional() }), request.query);
    // An ID that cannot be one of ours is as absent as another enterprise's.
    if (subAccountId && !idSchema.safeParse(subAccountId).success) throw new PortalError(PortalCode.NOT_FOUND);
    return ok(await abilitiesForGrant(ctx.db, acting.enterpriseId, subAccountId || null));
  });

  app.post(PREFIX, async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.SUB_ACCOUNT_MANAGE);
    const body = parse(createSchema, request.body);
    const passwordHash = await hashPassword(openPassword(body.password));
    const id = await createSubAccount(ctx.db, acting.enterpriseId, { ...body, passwordHash });
    request.log.info({ parent: acting.enterpriseId, subAccount: id }, 'portal sub-account created');
    return ok({ id }, '新增成功');
  });

  app.post(`${PREFIX}/update`, async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.SUB_ACCOUNT_MANAGE);
    const body = parse(updateSchema, request.body);
    const passwordHash = body.password === undefined ? null : await hashPassword(openPassword(body.password));
    await updateSubAccount(ctx.db, acting.enterpriseId, body.id, { ...body, passwordHash });
    // A disabled account, or one whose password changed, is logged out everywhere.
    if (body.disabled || passwordHash !== null) await endSessions(body.id);
    return ok(undefined, '修改成功');
  });

  app.post(`${PREFIX}/delete`, async (request) => {
    const acting = await requireActing(ctx, request, PortalPermission.SUB_ACCOUNT_MANAGE);
    const { id } = parse(z.object({ id: z.string() }), request.body);
    if (!idSchema.safeParse(id).success) throw new PortalError(PortalCode.NOT_FOUND);
    await deleteSubAccount(ctx.db, acting.enterpriseId, id);
    await endSessions(id);
    return ok(undefined, '删除成功');
  });

  function openPassword(sealed: string): string {
    const password = sm4Decrypt(ctx.sm4Key, sealed);
    if (!PASSWORD_RULE.test(password)) throw new PortalError(PortalCode.ERROR, PASSWORD_RULE_TEXT);
    return password;
  }

  /** Revokes every portal session of the user and closes the IM connections each one opened. */
  async function endSessions(userID: string): Promise<void> {
    for (const sessionID of await ctx.sessions.revokeAll(userID)) {
      ctx.bus.publish([userTarget(userID)], {
        event: 'kicked',
        data: { reason: 'portalLogout' },
        endPortalSession: sessionID,
      });
    }
  }
}
