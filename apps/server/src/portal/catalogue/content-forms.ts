import { CONTENT_LIMITS } from '@liaison/protocol';
import { z } from 'zod';
import type { Sql } from '../../db/database';
import { sanitizeDescription } from '../abilities/rich-text';
import { requirePublicImage, titleSchema } from '../admin/content-fields';
import { PortalCode, PortalError } from '../envelope';
import type { UploadStore } from '../uploads';
import { type ArticleValues, publishedAbilityOwner } from './articles';
import { type ClusterValues, notEnterprises } from './clusters';
import type { ExpertValues } from './experts';
import { isRecordId } from './public-paging';

/**
 * The administrators' forms for the platform's own content (docs/portal-api.md "Public portal"):
 * articles, experts and clusters. Names and texts are stored as typed and shown as text; an
 * article's content is HTML kept to the abilities' allow-list.
 */
const L = CONTENT_LIMITS;

export const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label}不能超过${max}个字符`).default('');
const picture = (label: string) => z.string().trim().max(200, `请上传${label}`).default('');
export const sortOrder = z
  .number({ error: '排序须为整数' })
  .refine(Number.isInteger, '排序须为整数')
  .min(0, `排序须在0到${L.sortOrderMax}之间`)
  .max(L.sortOrderMax, `排序须在0到${L.sortOrderMax}之间`)
  .default(0);
/** A record or user ID the form may name; absent, null or '' is none. */
const optionalId = z
  .union([z.string(), z.number(), z.null()], { error: '请求参数不完整' })
  .optional()
  .transform((value) => (value === null || value === undefined ? null : String(value).trim() || null));

export const articleSchema = z.object({
  kind: z.enum(['news', 'release'], { error: '请选择文章类型' }),
  title: titleSchema('标题', L.articleTitle),
  summary: text('摘要', L.summary),
  content: z.string({ error: '请输入正文内容' }).max(L.articleContent * 2, '正文内容过长'),
  cover: picture('封面图片'),
  source: text('来源', L.source),
  ownerId: optionalId,
  productId: optionalId,
  publishedAt: z
    .number({ error: '发布时间不正确' })
    .refine(Number.isSafeInteger, '发布时间不正确')
    .min(0, '发布时间不正确')
    .optional(),
});

export const expertSchema = z.object({
  name: titleSchema('专家姓名', L.expertName),
  title: text('职称', L.expertTitle),
  organisation: text('所在单位', L.organisation),
  field: text('专业领域', L.field),
  avatar: picture('专家头像'),
  summary: text('简介', L.summary),
  introduction: text('专家介绍', L.introduction),
  achievements: z
    .array(z.string().trim().min(1, '成果不能为空').max(L.achievement, `每条成果不能超过${L.achievement}个字符`))
    .max(L.achievements, `主要成果最多${L.achievements}条`)
    .default([]),
  phone: z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9+\\- ]{0,${L.phone}}$`), '联系电话格式不正确')
    .default(''),
  email: z
    .string()
    .trim()
    .max(L.email, '邮箱格式不正确')
    .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), '邮箱格式不正确')
    .default(''),
  userId: optionalId,
  sortOrder,
});

export const clusterSchema = z.object({
  name: titleSchema('集群名称', L.clusterName),
  region: text('所在地区', L.region),
  cover: picture('封面图片'),
  summary: text('简介', L.summary),
  introduction: text('集群介绍', L.introduction),
  sortOrder,
  memberIds: z
    .array(z.string().trim().min(1, '集群成员须为已认证企业').max(64, '集群成员须为已认证企业'))
    .max(L.clusterMembers, `集群成员最多${L.clusterMembers}家`)
    .default([]),
});

/** Checks an article form against the stored data: its cover, and the enterprise and ability it names. */
export async function articleValues(
  db: Sql,
  uploads: UploadStore,
  form: z.infer<typeof articleSchema>,
  now = Date.now(),
): Promise<ArticleValues> {
  const content = sanitizeDescription(form.content);
  if (content === '') throw new PortalError(PortalCode.ERROR, '请输入正文内容');
  if (content.length > L.articleContent) throw new PortalError(PortalCode.ERROR, '正文内容过长');
  await requireOptionalImage(uploads, form.cover, '封面图片');
  let ownerId = form.ownerId;
  if (form.productId !== null) {
    const owner = isRecordId(form.productId) ? await publishedAbilityOwner(db, form.productId) : null;
    if (owner === null) throw new PortalError(PortalCode.ERROR, '关联的能力不存在或未发布');
    if (ownerId !== null && ownerId !== owner) throw new PortalError(PortalCode.ERROR, '关联的能力不属于该企业');
    ownerId = owner;
  } else if (ownerId !== null && (await notEnterprises(db, [ownerId])).length > 0) {
    throw new PortalError(PortalCode.ERROR, '关联的企业不存在');
  }
  return {
    kind: form.kind,
    title: form.title,
    summary: form.summary,
    content,
    cover: form.cover,
    source: form.source,
    ownerId,
    productId: form.productId,
    publishedAt: form.publishedAt ?? now,
  };
}

export async function expertValues(
  db: Sql,
  uploads: UploadStore,
  form: z.infer<typeof expertSchema>,
): Promise<ExpertValues> {
  await requireOptionalImage(uploads, form.avatar, '专家头像');
  if (form.userId !== null) {
    const [account] = await db.query('SELECT 1 FROM portal_accounts WHERE user_id = $1 AND NOT disabled', [
      form.userId,
    ]);
    if (!account) throw new PortalError(PortalCode.ERROR, '专家的平台账号不存在');
  }
  return form;
}

export async function clusterValues(
  db: Sql,
  uploads: UploadStore,
  form: z.infer<typeof clusterSchema>,
): Promise<ClusterValues> {
  await requireOptionalImage(uploads, form.cover, '封面图片');
  const memberIds = [...new Set(form.memberIds)];
  if ((await notEnterprises(db, memberIds)).length > 0) {
    throw new PortalError(PortalCode.ERROR, '集群成员须为已认证企业');
  }
  return { ...form, memberIds };
}

async function requireOptionalImage(uploads: UploadStore, fileName: string, label: string): Promise<void> {
  if (fileName !== '') await requirePublicImage(uploads, fileName, label);
}
