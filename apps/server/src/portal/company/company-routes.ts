import { COMPANY_LIMITS, PortalPermission } from '@liaison/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Acting, requireActing } from '../acting';
import { type PortalContext, parse } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { pagingOf } from '../paging';
import {
  addPartner,
  companyPageOf,
  deletePartner,
  industryChains,
  joinSegment,
  leaveSegment,
  listPartners,
  saveCompanyPage,
  segmentMembers,
  setPhonePublic,
} from './company';
import { industryAdminRoutes } from './industry-admin-routes';

const SUPPLY = '/portal/supply/chain';
const PERSONAL = '/portal/self/center/personal';

const websiteSchema = z
  .string()
  .trim()
  .max(COMPANY_LIMITS.website, `官网地址不能超过${COMPANY_LIMITS.website}个字符`)
  .refine((value) => value === '' || isWebAddress(value), '请输入以http://或https://开头的网址');
const pageSchema = z.object({
  introduction: z
    .string()
    .trim()
    .max(COMPANY_LIMITS.introduction, `企业简介不能超过${COMPANY_LIMITS.introduction}个字符`)
    .default(''),
  banner: z.string().max(200, '请上传图片格式的横幅').default(''),
  website: websiteSchema.default(''),
});
const partnerSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, '请输入合作伙伴名称')
    .max(COMPANY_LIMITS.partnerName, `合作伙伴名称不能超过${COMPANY_LIMITS.partnerName}个字符`),
  logo: z.string().max(200, '请上传图片格式的标志').default(''),
});
/** A bigint identity; anything else cannot name a record. */
const recordID = z.union([z.string(), z.number()], { error: '请求参数不完整' }).transform(String);
const segmentSchema = z.object({ segmentId: recordID });

/**
 * The company main page, public phone toggle, partners (COMPANY_PAGE_EDIT) and the industry chains:
 * public reads for the portal's /industry, membership changes for the enterprise. Administrators
 * write the chains themselves (industry-admin-routes.ts).
 */
export function companyRoutes(app: FastifyInstance, ctx: PortalContext): void {
  const editor = (request: Parameters<typeof requireActing>[1]) =>
    requireActing(ctx, request, PortalPermission.COMPANY_PAGE_EDIT);

  app.get(`${SUPPLY}/main/page`, async (request) => {
    const acting = await editor(request);
    return ok(await companyPageOf(ctx.db, acting.enterpriseId));
  });

  app.post(`${SUPPLY}/update/main/page`, async (request) => {
    const acting = await editor(request);
    const body = parse(pageSchema, request.body);
    await requireOwnImage(acting, body.banner, '请上传图片格式的横幅');
    await saveCompanyPage(ctx.db, acting.enterpriseId, body);
    return ok(undefined, '保存成功');
  });

  app.get(`${PERSONAL}/disable/public/phone`, async (request) => {
    const acting = await editor(request);
    await setPhonePublic(ctx.db, acting.enterpriseId, false);
    return ok(undefined, '已隐藏联系电话');
  });

  app.get(`${PERSONAL}/enable/public/phone`, async (request) => {
    const acting = await editor(request);
    await setPhonePublic(ctx.db, acting.enterpriseId, true);
    return ok(undefined, '已公开联系电话');
  });

  app.get(`${PERSONAL}/partners`, async (request) => {
    const acting = await editor(request);
    return ok(await listPartners(ctx.db, acting.enterpriseId, pagingOf(request.query)));
  });

  app.post(`${PERSONAL}/partners`, async (request) => {
    const acting = await editor(request);
    const body = parse(partnerSchema, request.body);
    await requireOwnImage(acting, body.logo, '请上传图片格式的标志');
    return ok({ id: await addPartner(ctx.db, acting.enterpriseId, body) }, '新增成功');
  });

  app.post(`${PERSONAL}/partners/delete`, async (request) => {
    const acting = await editor(request);
    const { id } = parse(z.object({ id: recordID }), request.body);
    await deletePartner(ctx.db, acting.enterpriseId, requireRecordID(id));
    return ok(undefined, '删除成功');
  });

  // Public: the portal's /industry page shows the chains to everyone.
  app.get('/portal/industry/chains', async () => ok(await industryChains(ctx.db, null)));

  app.get('/portal/industry/segment/members', async (request) => {
    const { segmentId } = parse(segmentSchema, request.query);
    return ok(await segmentMembers(ctx.db, requireRecordID(segmentId), pagingOf(request.query)));
  });

  app.get(`${SUPPLY}/industry/chains`, async (request) => {
    const acting = await editor(request);
    return ok(await industryChains(ctx.db, acting.enterpriseId));
  });

  app.post(`${SUPPLY}/industry/join`, async (request) => {
    const acting = await editor(request);
    const { segmentId } = parse(segmentSchema, request.body);
    await joinSegment(ctx.db, acting.enterpriseId, requireRecordID(segmentId));
    return ok(undefined, '已加入该环节');
  });

  app.post(`${SUPPLY}/industry/leave`, async (request) => {
    const acting = await editor(request);
    const { segmentId } = parse(segmentSchema, request.body);
    await leaveSegment(ctx.db, acting.enterpriseId, requireRecordID(segmentId));
    return ok(undefined, '已退出该环节');
  });

  industryAdminRoutes(app, ctx);

  /** '' (none) or a public picture the account uploaded itself. */
  async function requireOwnImage(acting: Acting, fileName: string, message: string): Promise<void> {
    if (fileName === '') return;
    const file = await ctx.uploads.describe(fileName);
    if (!file || file.userID !== acting.account.user_id || file.isPrivate || !file.contentType.startsWith('image/')) {
      throw new PortalError(PortalCode.ERROR, message);
    }
  }
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** An ID that cannot be a record is as absent as another enterprise's record. */
function requireRecordID(id: string): string {
  if (!/^\d{1,18}$/.test(id)) throw new PortalError(PortalCode.NOT_FOUND);
  return id;
}
