import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccountRow } from '../accounts';
import { approvedEnterpriseClash, findEnterprise } from '../accounts';
import { SUB_ACCOUNT_TEXT } from '../acting';
import { type PortalContext, parse, requireAccount, requireSession } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { bindLinksToBrowser, withLicenceLink } from '../file-links';
import { isCreditCode } from '../identity';

const text = (max: number, label: string) =>
  z.string().trim().min(1, `请输入${label}`).max(max, `${label}不能超过${max}个字符`);

const enterpriseSchema = z.object({
  enterpriseName: text(100, '企业名称'),
  creditCode: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .refine(isCreditCode, '统一社会信用代码不正确'),
  legalPerson: text(50, '法定代表人'),
  contactPhone: z
    .string()
    .trim()
    .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, '请输入正确的联系电话'),
  address: text(200, '企业地址'),
  businessLicense: z.string().min(1, '请上传营业执照'),
});
type EnterpriseBody = z.infer<typeof enterpriseSchema>;

/** spec portal.md §4 "Beta" and the enterprise verification a user submits for review. */
export function verificationRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.get('/portal/supply/chain/apply/beta', async (request) => {
    const account = await requireAccount(ctx, request);
    if (account.parent_user_id) throw new PortalError(PortalCode.FORBIDDEN, SUB_ACCOUNT_TEXT.beta);
    const applied = await ctx.db.query(
      `UPDATE portal_accounts SET beta_status = false, beta_applied_at = $2
        WHERE user_id = $1 AND beta_status IS NULL RETURNING user_id`,
      [account.user_id, Date.now()],
    );
    if (applied.length === 1) return ok(true, '申请成功，请等待审核');
    return ok(true, account.beta_status ? '您已开通内测' : '已提交申请，请等待审核');
  });

  app.get('/portal/supply/chain/auth/data', async (request, reply) => {
    const { account, sessionID } = await requireSession(ctx, request);
    const material = await findEnterprise(ctx.db, account.user_id);
    if (!material) return ok(null);
    const licence = await ctx.uploads.describe(material.businessLicense);
    const named = licence ? { ...material, businessLicenseName: licence.originalName } : material;
    bindLinksToBrowser(request, reply, sessionID);
    return ok(withLicenceLink(ctx.fileLinks, named, { userID: account.user_id, sessionID }));
  });

  app.post('/portal/supply/chain/upload/auth/data', async (request) => {
    const account = await requireAccount(ctx, request);
    const body = await checkMaterial(account, request.body);
    const inserted = await ctx.db.transaction(async (tx) => {
      const rows = await tx.query(
        `INSERT INTO portal_enterprise_auth (user_id, enterprise_name, credit_code, legal_person, contact_phone,
                                             address, business_license, submitted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
        [account.user_id, ...materialValues(body), Date.now()],
      );
      if (rows.length === 1) {
        await tx.query('UPDATE portal_accounts SET user_type = 2, updated_at = $2 WHERE user_id = $1', [
          account.user_id,
          Date.now(),
        ]);
      }
      return rows.length === 1;
    });
    if (!inserted) throw new PortalError(PortalCode.ERROR, '企业认证资料已提交，请勿重复提交');
    await keepLicencePrivate(body.businessLicense);
    return ok(undefined, '提交成功，请等待审核');
  });

  app.post('/portal/supply/chain/edit/auth/data', async (request) => {
    const account = await requireAccount(ctx, request);
    const body = await checkMaterial(account, request.body);
    const updated = await ctx.db.query(
      `UPDATE portal_enterprise_auth
          SET enterprise_name = $2, credit_code = $3, legal_person = $4, contact_phone = $5, address = $6,
              business_license = $7, submitted_at = $8, status = 0, reject_reason = '', reviewed_at = NULL
        WHERE user_id = $1 AND status IN (0, 2) RETURNING user_id`,
      [account.user_id, ...materialValues(body), Date.now()],
    );
    if (updated.length === 1) {
      await keepLicencePrivate(body.businessLicense);
      return ok(undefined, '修改成功，请等待审核');
    }
    const existing = await findEnterprise(ctx.db, account.user_id);
    throw new PortalError(PortalCode.ERROR, existing ? '企业认证已通过，无法修改' : '请先提交企业认证资料');
  });

  async function checkMaterial(account: AccountRow, raw: unknown): Promise<EnterpriseBody> {
    if (account.parent_user_id) throw new PortalError(PortalCode.FORBIDDEN, SUB_ACCOUNT_TEXT.verification);
    if (Number(account.real_person_auth_status) !== 1) throw new PortalError(PortalCode.ERROR, '请先完成实名认证');
    const body = parse(enterpriseSchema, raw);
    const clash = await approvedEnterpriseClash(ctx.db, account.user_id, body);
    if (clash) throw new PortalError(PortalCode.ERROR, clash);
    const licence = await ctx.uploads.describe(body.businessLicense);
    const isImageOrPdf = licence?.contentType.startsWith('image/') || licence?.contentType === 'application/pdf';
    if (!licence || licence.userID !== account.user_id || !isImageOrPdf) {
      throw new PortalError(PortalCode.ERROR, '请上传营业执照（图片或PDF）');
    }
    return body;
  }

  /**
   * Whatever it was uploaded as, a licence under review is for its owner and the reviewers only.
   * Done once the material is stored: a refused submission leaves the file as it was.
   */
  async function keepLicencePrivate(fileName: string): Promise<void> {
    const licence = await ctx.uploads.describe(fileName);
    if (licence && !licence.isPrivate) await ctx.uploads.makePrivate(fileName);
  }
}

function materialValues(body: EnterpriseBody): string[] {
  return [
    body.enterpriseName,
    body.creditCode,
    body.legalPerson,
    body.contactPhone,
    body.address,
    body.businessLicense,
  ];
}
