import type { Advertisement, EducationVideo, PublicAdvertisement } from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import type { PageOf } from '../paging';
import type { PortalClient } from '../test-client';
import { type Cast, castOf, FORBIDDEN, NOT_FOUND, put } from './admin-test-kit';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let server: LiaisonServer;
let cast: Cast;
let image: string;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  cast = await castOf(server);
  image = (await cast.admin.upload('banner.png', PNG)).fileName as string;
});
afterAll(() => server.close());

const ad = (overrides: Record<string, unknown> = {}) => ({
  slot: 'home_banner',
  title: '长三角供应链对接会',
  image,
  link: '/supply',
  sortOrder: 1,
  enabled: true,
  ...overrides,
});
const video = (overrides: Record<string, unknown> = {}) => ({
  title: '如何发布一项企业能力',
  cover: image,
  videoUrl: 'https://media.example.com/lesson-1.mp4',
  durationS: 245,
  ...overrides,
});

async function createAd(overrides: Record<string, unknown> = {}): Promise<Advertisement> {
  const answer = await cast.admin.call<Advertisement>('POST', '/system/advertisement', ad(overrides));
  expect(answer.code, answer.msg).toBe(200);
  return answer.data as Advertisement;
}

async function createVideo(overrides: Record<string, unknown> = {}): Promise<EducationVideo> {
  const answer = await cast.admin.call<EducationVideo>('POST', '/system/education/video', video(overrides));
  expect(answer.code, answer.msg).toBe(200);
  return answer.data as EducationVideo;
}

const publicAds = (query = '') =>
  cast.visitor.call<PublicAdvertisement[]>('GET', `/portal/home/manager/advertisement${query}`);

describe('advertisements', () => {
  it('are created by an admin and shown to visitors, enabled ones only, in slot order', async () => {
    const second = await createAd({ slot: 'home_strip', title: '通栏二', sortOrder: 2 });
    const first = await createAd({ slot: 'home_strip', title: '通栏一', sortOrder: 1, link: 'https://example.com/a' });
    await createAd({ slot: 'home_strip', title: '已停用', enabled: false });
    const shown = await publicAds('?slot=home_strip');
    expect(shown).toEqual({
      code: 200,
      msg: '操作成功',
      data: [
        {
          id: first.id,
          slot: 'home_strip',
          title: '通栏一',
          imageUrl: `/prod-api${image}`,
          link: 'https://example.com/a',
        },
        { id: second.id, slot: 'home_strip', title: '通栏二', imageUrl: `/prod-api${image}`, link: '/supply' },
      ],
    });
    expect((await publicAds()).data?.some((a) => a.slot === 'home_strip')).toBe(true);
    expect(await publicAds('?slot=sidebar')).toEqual({ code: 500, msg: '请选择正确的广告位' });
  });

  it('are paged for the admin and filtered by slot, title and state', async () => {
    await createAd({ slot: 'manage_home', title: '管理首页甲' });
    await createAd({ slot: 'manage_home', title: '管理首页乙', enabled: false });
    const page = await cast.admin.call<PageOf<Advertisement>>(
      'GET',
      '/system/advertisement/list?slot=manage_home&pageNum=1&pageSize=1',
    );
    expect(page.data?.total).toBe(2);
    expect(page.data?.rows).toHaveLength(1);
    const disabled = await cast.admin.call<PageOf<Advertisement>>(
      'GET',
      `/system/advertisement/list?enabled=false&title=${encodeURIComponent('管理首页')}`,
    );
    expect(disabled.data?.rows.map((a) => a.title)).toEqual(['管理首页乙']);
    expect(await cast.admin.call('GET', '/system/advertisement/list?pageNum=0')).toEqual({
      code: 500,
      msg: '页码不正确',
    });
  });

  it('are edited, switched off and on, and deleted', async () => {
    const created = await createAd({ slot: 'home_banner', title: '待编辑' });
    const edited = await put<Advertisement>(cast.admin, `/system/advertisement/${created.id}`, ad({ title: '已编辑' }));
    expect(edited).toMatchObject({ code: 200, msg: '修改成功', data: { id: created.id, title: '已编辑' } });
    expect(await put(cast.admin, `/system/advertisement/${created.id}/status`, { enabled: false })).toEqual({
      code: 200,
      msg: '已停用',
    });
    expect((await publicAds('?slot=home_banner')).data?.some((a) => a.id === created.id)).toBe(false);
    await put(cast.admin, `/system/advertisement/${created.id}/status`, { enabled: true });
    expect((await publicAds('?slot=home_banner')).data?.some((a) => a.id === created.id)).toBe(true);
    expect(await cast.admin.call('DELETE', `/system/advertisement/${created.id}`)).toEqual({
      code: 200,
      msg: '删除成功',
    });
    expect(await cast.admin.call('DELETE', `/system/advertisement/${created.id}`)).toEqual(NOT_FOUND);
    expect(await put(cast.admin, `/system/advertisement/${created.id}`, ad())).toEqual(NOT_FOUND);
    expect(await put(cast.admin, '/system/advertisement/abc/status', { enabled: true })).toEqual(NOT_FOUND);
  });

  it('refuse a picture that is not an uploaded image, a foreign link and bad fields', async () => {
    const pdf = (await cast.admin.upload('file.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'))).fileName;
    const privateImage = (await cast.admin.upload('id.png', PNG, 'private')).fileName;
    const refused = async (body: Record<string, unknown>, msg: string) =>
      expect(await cast.admin.call('POST', '/system/advertisement', ad(body))).toEqual({ code: 500, msg });
    await refused({ image: '' }, '请上传广告图片');
    await refused({ image: 'https://evil.example.com/a.png' }, '广告图片须为上传的图片');
    await refused({ image: pdf }, '广告图片须为上传的图片');
    await refused({ image: privateImage }, '广告图片须为上传的图片');
    await refused({ link: 'javascript:alert(1)' }, '链接地址须以http://、https://或/开头');
    await refused({ link: '//evil.example.com' }, '链接地址须以http://、https://或/开头');
    await refused({ title: '' }, '请输入广告标题');
    await refused({ title: '长'.repeat(51) }, '广告标题不能超过50个字符');
    await refused({ slot: 'sidebar' }, '请选择正确的广告位');
    await refused({ sortOrder: -1 }, '排序须在0到9999之间');
  });
});

describe('education videos', () => {
  it('are listed to logged-in users newest first, searched by title and paged', async () => {
    const older = await createVideo({ title: '供应链金融入门' });
    const newer = await createVideo({ title: '供应链金融进阶' });
    await createVideo({ title: '子账号管理' });
    const user = await cast.user();
    const page = await user.call<PageOf<EducationVideo>>(
      'GET',
      `/portal/self/center/education/video?title=${encodeURIComponent('供应链金融')}&pageNum=1&pageSize=1`,
    );
    expect(page.data?.total).toBe(2);
    expect(page.data?.rows[0]).toEqual({ ...newer, coverUrl: `/prod-api${image}` });
    const next = await user.call<PageOf<EducationVideo>>(
      'GET',
      `/portal/self/center/education/video?title=${encodeURIComponent('供应链金融')}&pageNum=2&pageSize=1`,
    );
    expect(next.data?.rows[0]?.id).toBe(older.id);
    expect(await cast.visitor.call('GET', '/portal/self/center/education/video')).toMatchObject({ code: 401 });
  });

  it('are edited and deleted by the admin', async () => {
    const created = await createVideo();
    const edited = await put<EducationVideo>(
      cast.admin,
      `/system/education/video/${created.id}`,
      video({ title: '如何发布能力（新版）', videoUrl: '/static/lesson.mp4', durationS: 300 }),
    );
    expect(edited.data).toMatchObject({
      title: '如何发布能力（新版）',
      videoUrl: '/static/lesson.mp4',
      durationS: 300,
    });
    const listed = await cast.admin.call<PageOf<EducationVideo>>(
      'GET',
      `/system/education/video/list?title=${encodeURIComponent('新版')}`,
    );
    expect(listed.data?.rows.map((v) => v.id)).toEqual([created.id]);
    expect(await cast.admin.call('DELETE', `/system/education/video/${created.id}`)).toEqual({
      code: 200,
      msg: '删除成功',
    });
    expect(await put(cast.admin, `/system/education/video/${created.id}`, video())).toEqual(NOT_FOUND);
    expect(await cast.admin.call('DELETE', '/system/education/video/99999999')).toEqual(NOT_FOUND);
  });

  it('refuse a missing cover, a bad address, a long title and a bad duration', async () => {
    const refused = async (body: Record<string, unknown>, msg: string) =>
      expect(await cast.admin.call('POST', '/system/education/video', video(body))).toEqual({ code: 500, msg });
    await refused({ title: '长'.repeat(101) }, '视频标题不能超过100个字符');
    await refused({ cover: '' }, '请上传视频封面');
    await refused({ cover: '/profile/upload/2020/01/01/nothing.png' }, '视频封面须为上传的图片');
    await refused({ videoUrl: '' }, '请输入视频地址');
    await refused({ videoUrl: 'ftp://example.com/v.mp4' }, '视频地址须以http://、https://或/开头');
    await refused({ durationS: 0 }, '请输入视频时长');
    await refused({ durationS: 1.5 }, '视频时长须为整数秒');
    await refused({ durationS: 90_000 }, '视频时长不能超过24小时');
  });
});

describe('content permissions', () => {
  it('refuse every admin operation to users and sub-accounts (403) and visitors (401), changing nothing', async () => {
    const existingAd = await createAd({ title: '权限测试广告' });
    const existingVideo = await createVideo({ title: '权限测试视频' });
    const calls = (who: PortalClient) => [
      () => who.call('GET', '/system/advertisement/list'),
      () => who.call('POST', '/system/advertisement', ad()),
      () => put(who, `/system/advertisement/${existingAd.id}`, ad({ title: '被篡改' })),
      () => put(who, `/system/advertisement/${existingAd.id}/status`, { enabled: false }),
      () => who.call('DELETE', `/system/advertisement/${existingAd.id}`),
      () => who.call('GET', '/system/education/video/list'),
      () => who.call('POST', '/system/education/video', video()),
      () => put(who, `/system/education/video/${existingVideo.id}`, video({ title: '被篡改' })),
      () => who.call('DELETE', `/system/education/video/${existingVideo.id}`),
    ];
    for (const who of [await cast.user(), await cast.subAccount()]) {
      for (const call of calls(who)) expect(await call()).toEqual(FORBIDDEN);
    }
    for (const call of calls(cast.visitor)) expect(await call()).toMatchObject({ code: 401 });
    const ads = await cast.admin.call<PageOf<Advertisement>>(
      'GET',
      `/system/advertisement/list?title=${encodeURIComponent('权限测试')}`,
    );
    expect(ads.data?.rows).toEqual([existingAd]);
    const videos = await cast.admin.call<PageOf<EducationVideo>>(
      'GET',
      `/system/education/video/list?title=${encodeURIComponent('权限测试')}`,
    );
    expect(videos.data?.rows).toEqual([existingVideo]);
  });
});
