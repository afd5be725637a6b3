import { ADMIN_LIMITS, type AdvertisementSlot } from '@liaison/protocol';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireActing } from '../acting';
import { type PortalContext, parse } from '../context';
import { ok, PortalCode, PortalError } from '../envelope';
import { pagingOf } from '../paging';
import {
  createAdvertisement,
  deleteAdvertisement,
  enabledAdvertisements,
  pageAdvertisements,
  setAdvertisementEnabled,
  updateAdvertisement,
} from './advertisements';
import { keywordSchema, linkSchema, requirePublicImage, titleSchema, uploadNameSchema } from './content-fields';
import {
  createEducationVideo,
  deleteEducationVideo,
  pageEducationVideos,
  updateEducationVideo,
} from './education-videos';
import { blankless, PLATFORM_ADMIN } from './review-routes';

const SLOTS = ['home_banner', 'home_strip', 'manage_home'] as const satisfies readonly AdvertisementSlot[];
const slotSchema = z.enum(SLOTS, { error: '请选择正确的广告位' });

const advertisementSchema = z.object({
  slot: slotSchema,
  title: titleSchema('广告标题', ADMIN_LIMITS.adTitle),
  image: uploadNameSchema('广告图片'),
  link: linkSchema('链接地址', ADMIN_LIMITS.adLink).default(''),
  sortOrder: z
    .number()
    .refine(Number.isInteger, '排序须为整数')
    .min(0, '排序须在0到9999之间')
    .max(9999, '排序须在0到9999之间')
    .default(0),
  enabled: z.boolean().default(true),
});

const adFilterSchema = z.object({
  slot: slotSchema.optional(),
  title: keywordSchema,
  enabled: z
    .enum(['true', 'false'], { error: '启用状态不正确' })
    .transform((v) => v === 'true')
    .optional(),
});

const videoSchema = z.object({
  title: titleSchema('视频标题', ADMIN_LIMITS.videoTitle),
  cover: uploadNameSchema('视频封面'),
  videoUrl: linkSchema('视频地址', ADMIN_LIMITS.videoUrl).refine((v) => v !== '', '请输入视频地址'),
  durationS: z
    .number()
    .refine(Number.isInteger, '视频时长须为整数秒')
    .min(1, '请输入视频时长')
    .max(ADMIN_LIMITS.videoDurationMax, '视频时长不能超过24小时'),
});

const enabledSchema = z.object({ enabled: z.boolean({ error: '请选择启用或停用' }) });
const titleFilterSchema = z.object({ title: keywordSchema });

type IdParams = { Params: { id: string } };

/** The platform's content: home advertisement slots and education videos (admins manage them). */
export function contentRoutes(app: FastifyInstance, ctx: PortalContext): void {
  app.get('/portal/home/manager/advertisement', async (request) => {
    const { slot } = parse(z.object({ slot: slotSchema.optional() }), blankless(request.query));
    return ok(await enabledAdvertisements(ctx.db, slot));
  });

  app.get('/system/advertisement/list', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const filter = parse(adFilterSchema, blankless(request.query));
    return ok(await pageAdvertisements(ctx.db, filter, pagingOf(request.query)));
  });

  app.post('/system/advertisement', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const form = parse(advertisementSchema, request.body);
    await requirePublicImage(ctx.uploads, form.image, '广告图片');
    return ok(await createAdvertisement(ctx.db, form), '新增成功');
  });

  app.put<IdParams>('/system/advertisement/:id', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const id = recordId(request.params.id);
    const form = parse(advertisementSchema, request.body);
    await requirePublicImage(ctx.uploads, form.image, '广告图片');
    return ok(found(await updateAdvertisement(ctx.db, id, form)), '修改成功');
  });

  app.put<IdParams>('/system/advertisement/:id/status', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const id = recordId(request.params.id);
    const { enabled } = parse(enabledSchema, request.body);
    found(await setAdvertisementEnabled(ctx.db, id, enabled));
    return ok(undefined, enabled ? '已启用' : '已停用');
  });

  app.delete<IdParams>('/system/advertisement/:id', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    found(await deleteAdvertisement(ctx.db, recordId(request.params.id)));
    return ok(undefined, '删除成功');
  });

  app.get('/portal/self/center/education/video', async (request) => {
    await requireActing(ctx, request);
    const { title } = parse(titleFilterSchema, blankless(request.query));
    return ok(await pageEducationVideos(ctx.db, title, pagingOf(request.query)));
  });

  app.get('/system/education/video/list', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const { title } = parse(titleFilterSchema, blankless(request.query));
    return ok(await pageEducationVideos(ctx.db, title, pagingOf(request.query)));
  });

  app.post('/system/education/video', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const form = parse(videoSchema, request.body);
    await requirePublicImage(ctx.uploads, form.cover, '视频封面');
    return ok(await createEducationVideo(ctx.db, form), '新增成功');
  });

  app.put<IdParams>('/system/education/video/:id', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    const id = recordId(request.params.id);
    const form = parse(videoSchema, request.body);
    await requirePublicImage(ctx.uploads, form.cover, '视频封面');
    return ok(found(await updateEducationVideo(ctx.db, id, form)), '修改成功');
  });

  app.delete<IdParams>('/system/education/video/:id', async (request) => {
    await requireActing(ctx, request, PLATFORM_ADMIN);
    found(await deleteEducationVideo(ctx.db, recordId(request.params.id)));
    return ok(undefined, '删除成功');
  });
}

/** A record ID of the URL; anything that cannot be one is as absent as a missing record. */
export function recordId(value: string): string {
  if (!/^[1-9]\d{0,17}$/.test(value)) throw new PortalError(PortalCode.NOT_FOUND);
  return value;
}

export function found<T>(value: T | null | false): T {
  if (value === null || value === false) throw new PortalError(PortalCode.NOT_FOUND);
  return value;
}
