import { ABILITY_LIMITS, type AbilityAttachment } from '@liaison/protocol';
import { z } from 'zod';
import type { Sql } from '../../db/database';
import type { Acting } from '../acting';
import { parse } from '../context';
import { PortalCode, PortalError } from '../envelope';
import { type AbilityValues, categoryExists, currentFiles, ownUploads, requireOwn } from './abilities';
import { sanitizeDescription } from './rich-text';

const L = ABILITY_LIMITS;
/** Bigint IDs travel as strings; numbers are accepted as the web app's forms may send them. */
export const idSchema = z.union([z.string(), z.number().int()]).transform(String);

const formShape = {
  productName: z.string().trim().min(1, '请输入能力名称').max(L.productName, `能力名称不能超过${L.productName}个字符`),
  categoryId: z.coerce.number().int('请选择能力分类').min(1, '请选择能力分类'),
  summary: z.string().trim().max(L.summary, `能力简介不能超过${L.summary}个字符`).default(''),
  // The raw HTML may be larger than what survives sanitising, but not without bound.
  description: z
    .string()
    .max(L.descriptionChars * 4, '能力详情内容过长')
    .default(''),
  cover: z.string().trim().default(''),
  attachments: z.array(z.string()).max(L.attachments, `附件数量不能超过${L.attachments}个`).default([]),
  keywords: z.string().trim().max(L.keywords, `关键词不能超过${L.keywords}个字符`).default(''),
  status: z.union([z.literal(0), z.literal(1)], { message: '能力状态不正确' }).optional(),
};
const addSchema = z.object(formShape);
const editSchema = z.object({ id: idSchema, ...formShape });

export interface AbilityInput {
  values: AbilityValues;
  status: 0 | 1 | undefined;
}

/** `add/product`: the checked, sanitised values of a new ability. */
export async function readNewAbility(db: Sql, acting: Acting, body: unknown): Promise<AbilityInput> {
  const form = parse(addSchema, body);
  return { values: await checkValues(db, acting, form, null), status: form.status };
}

/** `edit/product`: the ID of one of the caller's abilities and its new values. */
export async function readEditedAbility(
  db: Sql,
  acting: Acting,
  body: unknown,
): Promise<AbilityInput & { id: string }> {
  const form = parse(editSchema, body);
  // Someone else's ID is answered as absent before anything about the form is said.
  await requireOwn(db, acting, form.id, 'live');
  return { id: form.id, values: await checkValues(db, acting, form, form.id), status: form.status };
}

type Form = z.infer<typeof addSchema>;

async function checkValues(db: Sql, acting: Acting, form: Form, id: string | null): Promise<AbilityValues> {
  if (!(await categoryExists(db, form.categoryId))) throw new PortalError(PortalCode.ERROR, '能力分类不存在');
  const description = sanitizeDescription(form.description);
  if (description.length > L.descriptionChars) throw new PortalError(PortalCode.ERROR, '能力详情内容过长');
  const kept = id ? await currentFiles(db, id) : { cover: '', attachments: [] };
  const uploads = await ownUploads(db, acting, [form.cover, ...form.attachments].filter(Boolean));
  const upload = (name: string) => uploads.find((file) => file.fileName === name && !file.isPrivate);

  if (form.cover && form.cover !== kept.cover && !upload(form.cover)?.contentType.startsWith('image/')) {
    throw new PortalError(PortalCode.ERROR, '封面图片不存在或不可用');
  }
  const names = [...new Set(form.attachments)];
  const attachments: AbilityAttachment[] = names.map((name) => {
    const already = kept.attachments.find((file) => file.fileName === name);
    if (already) return already;
    const file = upload(name);
    if (!file || file.contentType.startsWith('image/')) {
      throw new PortalError(PortalCode.ERROR, '附件不存在或格式不正确，请上传doc/xls/ppt/txt/pdf格式文件');
    }
    return { fileName: file.fileName, originalName: file.originalName, size: file.size };
  });
  return {
    productName: form.productName,
    categoryId: form.categoryId,
    summary: form.summary,
    description,
    cover: form.cover,
    attachments,
    keywords: form.keywords,
  };
}
