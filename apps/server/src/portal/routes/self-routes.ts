import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { portalSessionUserbuf } from '../../auth/portal-binding';
import { genUserSig } from '../../auth/usersig';
import { personInfoOf, requireActing, SUB_ACCOUNT_TEXT } from '../acting';
import { type PortalContext, parse, requireAccount, requireSession } from '../context';
import { unreadReceivedCount } from '../cooperation/cooperation';
import { ok, PortalCode, PortalError } from '../envelope';
import { checkIdCard, idCardHash, maskIdCard } from '../identity';

/**
 * IM credentials handed to the web app last a day (it asks again on every start) and are bound
 * to the portal session: its logout ends them (auth/portal-binding.ts).
 */
const USERSIG_SECONDS = 24 * 3600;

const realNameSchema = z.object({
  realName: z
    .string()
    .trim()
    .regex(/^[\p{Script=Han}A-Za-z][\p{Script=Han}A-Za-z·• ]{1,29}$/u, '请输入正确的真实姓名'),
  idCard: z.string().trim().min(1, '请输入身份证号码').max(18, '身份证号码格式不正确'),
});

/** spec portal.md §7 "Self centre": who the user is, what they may do, their IM credentials. */
export function selfRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.get('/portal/self/center/info', async (request) => {
    const account = await requireAccount(ctx, request);
    return ok(await personInfoOf(ctx.db, account));
  });

  app.get('/portal/self/center/get/permission', async (request) => {
    const acting = await requireActing(ctx, request);
    return ok({ roles: acting.roles, permissions: acting.permissions });
  });

  app.get('/portal/self/center/personal/todo', async (request) => {
    const acting = await requireActing(ctx, request);
    return ok({ connectMeCount: await unreadReceivedCount(ctx.db, acting) });
  });

  app.get('/portal/self/center/im/gen/userSig', async (request) => {
    const { account, sessionID } = await requireSession(ctx, request);
    // spec portal.md §4: messaging is for verified people and enterprises (userType 1 or 2).
    const canConnect = Number(account.user_type) >= 1;
    const userbuf = portalSessionUserbuf(sessionID);
    return ok({
      canConnect,
      sdkAppID: ctx.app.sdkAppID,
      userID: account.user_id,
      userSig: canConnect ? genUserSig(ctx.app, account.user_id, USERSIG_SECONDS, Date.now(), userbuf) : '',
    });
  });

  app.post('/portal/self/center/personal/real/name/auth', async (request) => {
    const account = await requireAccount(ctx, request);
    if (account.parent_user_id) throw new PortalError(PortalCode.FORBIDDEN, SUB_ACCOUNT_TEXT.verification);
    const body = parse(realNameSchema, request.body);
    const idCard = body.idCard.toUpperCase();
    const problem = checkIdCard(idCard);
    if (problem === 'format') throw new PortalError(PortalCode.ERROR, '身份证号码格式不正确');
    if (problem === 'checksum') throw new PortalError(PortalCode.ERROR, '身份证号码校验位不正确');
    if (Number(account.real_person_auth_status) === 1) throw new PortalError(PortalCode.ERROR, '您已完成实名认证');
    const hash = idCardHash(ctx.idCardKey, idCard);
    const updated = await ctx.db.query(
      `UPDATE portal_accounts
          SET real_name = $2, id_card_masked = $3, id_card_hash = $4, real_person_auth_status = 1,
              user_type = GREATEST(user_type, 1), updated_at = $5
        WHERE user_id = $1 AND real_person_auth_status = 0
          AND NOT EXISTS (SELECT 1 FROM portal_accounts WHERE id_card_hash = $4)
        RETURNING user_id`,
      [account.user_id, body.realName, maskIdCard(idCard), hash, Date.now()],
    );
    if (updated.length === 0) throw new PortalError(PortalCode.ERROR, '该身份证号已被其他账号认证');
    return ok(undefined, '实名认证成功');
  });
}
