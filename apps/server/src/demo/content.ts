import type { Database } from '../db/database';
import { createAccount } from '../portal/accounts';
import { hashPassword } from '../portal/auth/passwords';
import type { PortalContext } from '../portal/context';
import { creditCodeCheckChar, idCardCheckDigit, idCardHash, maskIdCard } from '../portal/identity';
import { DEMO_PASSWORD } from './credentials';

/** Home advertisements: pictures drawn as SVG, links to the portal's own pages. */
const ADS = [
  {
    slot: 'home_banner',
    title: '长三角供应链对接会报名开启',
    sub: '12月 · 苏州工业园区',
    link: '/matchOperations',
    colors: ['#0b4fb3', '#36a3ff'],
  },
  {
    slot: 'home_banner',
    title: '能力库上新：精密制造专区',
    sub: 'CNC · 钣金 · 注塑',
    link: '/supply',
    colors: ['#0f766e', '#34d399'],
  },
  {
    slot: 'home_banner',
    title: '新能源汽车产业链图谱发布',
    sub: '上游 · 中游 · 下游',
    link: '/industry',
    colors: ['#7c2d12', '#fb923c'],
  },
  {
    slot: 'home_strip',
    title: '开通会员，享受优先撮合',
    sub: '积分可抵扣会员费用',
    link: '/manageCenter/userCenter/vip',
    colors: ['#4c1d95', '#a78bfa'],
  },
  {
    slot: 'manage_home',
    title: '新手必看：三步学会发布能力',
    sub: '学习视频专区',
    link: '/manageCenter/userCenter/education',
    colors: ['#1e3a8a', '#60a5fa'],
  },
] as const;

/**
 * Education videos: each is a 20-second summary of its lesson's key points, a clip the web app
 * ships (apps/web/public/education/videos/lesson-N.mp4, H.264, the title and the points on the
 * lesson's colours); a deployment replaces them with its own lessons. Titles promise no length.
 */
export const DEMO_VIDEO_SECONDS = 20;
const VIDEOS = [
  { title: '发布企业能力：三步上手', colors: ['#1e3a8a', '#60a5fa'] },
  { title: '如何处理合作申请并发起沟通', colors: ['#0f766e', '#34d399'] },
  { title: '子账号的创建与能力授权', colors: ['#7c2d12', '#fb923c'] },
  { title: '读懂数据统计：浏览、关注与合作转化', colors: ['#4c1d95', '#a78bfa'] },
  { title: '企业认证材料准备指南', colors: ['#334155', '#94a3b8'] },
] as const;

/** One applicant with enterprise material awaiting review (chenlei stays unverified, as a newcomer). */
const APPLICANT = {
  mobile: '13800000005',
  loginName: 'zhaomin',
  nick: '赵敏',
  idCard17: '33010619930214502',
  enterprise: '杭州云织纺织科技有限公司',
  code17: '91330106MA2H3K5N7',
  address: '浙江省杭州市西湖区西溪路525号',
};

/**
 * The platform's content and the admin's review queue: advertisement slots, education videos,
 * a pending beta application (chenlei) and pending enterprise material (zhaomin).
 */
export async function seedContent(
  db: Database,
  portal: PortalContext,
  id: (loginName: string) => string,
  now: number,
): Promise<void> {
  const admin = id('admin');
  for (const [i, ad] of ADS.entries()) {
    const image = await portal.uploads.save(admin, Buffer.from(bannerSvg(ad.title, ad.sub, ad.colors)), 'banner.svg');
    await db.query(
      `INSERT INTO portal_advertisements (slot, title, image, link, sort_order, enabled, created_at)
       VALUES ($1, $2, $3, $4, $5, true, $6)`,
      [ad.slot, ad.title, image.fileName, ad.link, i, now - i * 60_000],
    );
  }
  for (const [i, video] of VIDEOS.entries()) {
    const cover = await portal.uploads.save(admin, Buffer.from(coverSvg(video.title, video.colors)), 'cover.svg');
    await db.query(
      `INSERT INTO portal_education_videos (title, cover, video_url, duration_s, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [video.title, cover.fileName, `/education/videos/lesson-${i + 1}.mp4`, DEMO_VIDEO_SECONDS, now - i * 86_400_000],
    );
  }
  await db.query('UPDATE portal_accounts SET beta_status = false, beta_applied_at = $2 WHERE user_id = $1', [
    id('chenlei'),
    now - 2 * 3_600_000,
  ]);
  await seedApplicant(db, portal, now);
}

async function seedApplicant(db: Database, portal: PortalContext, now: number): Promise<void> {
  const account = await createAccount(db, {
    mobile: APPLICANT.mobile,
    loginName: APPLICANT.loginName,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    nickName: APPLICANT.nick,
  });
  if (!account) throw new Error(`demo seed: ${APPLICANT.mobile} exists already`);
  const idCard = APPLICANT.idCard17 + idCardCheckDigit(APPLICANT.idCard17);
  await db.query(
    `UPDATE portal_accounts SET real_name = $2, id_card_masked = $3, id_card_hash = $4, real_person_auth_status = 1,
            user_type = 2 WHERE user_id = $1`,
    [account.user_id, APPLICANT.nick, maskIdCard(idCard), idCardHash(portal.idCardKey, idCard)],
  );
  const licence = await portal.uploads.save(
    account.user_id,
    Buffer.from(licenceSvg(APPLICANT.enterprise)),
    'licence.svg',
    {
      isPrivate: true,
    },
  );
  await db.query(
    `INSERT INTO portal_enterprise_auth (user_id, enterprise_name, credit_code, legal_person, contact_phone, address,
                                         business_license, status, submitted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8)`,
    [
      account.user_id,
      APPLICANT.enterprise,
      APPLICANT.code17 + creditCodeCheckChar(APPLICANT.code17),
      APPLICANT.nick,
      '0571-87654321',
      APPLICANT.address,
      licence.fileName,
      now - 3_600_000,
    ],
  );
}

function bannerSvg(title: string, sub: string, [from, to]: readonly [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="360" viewBox="0 0 1200 360"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="360" fill="url(#g)"/><circle cx="1040" cy="80" r="180" fill="#fff" opacity="0.08"/><circle cx="1120" cy="320" r="120" fill="#fff" opacity="0.08"/><text x="80" y="170" font-size="56" font-weight="bold" fill="#fff">${title}</text><text x="80" y="240" font-size="30" fill="#fff" opacity="0.85">${sub}</text></svg>`;
}

function coverSvg(title: string, [from, to]: readonly [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="640" height="360" fill="url(#g)"/><circle cx="320" cy="150" r="54" fill="#fff" opacity="0.9"/><path d="M303 122 L303 178 L348 150 Z" fill="${from}"/><text x="320" y="270" font-size="28" text-anchor="middle" fill="#fff">${title}</text><text x="320" y="310" font-size="18" text-anchor="middle" fill="#fff" opacity="0.8">链联学堂</text></svg>`;
}

function licenceSvg(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="300"><rect width="420" height="300" fill="#fdf6e3" stroke="#b58900" stroke-width="6"/><text x="210" y="70" font-size="32" text-anchor="middle" fill="#b58900">营业执照</text><text x="210" y="150" font-size="20" text-anchor="middle">${name}</text><text x="210" y="250" font-size="14" text-anchor="middle" fill="#999">演示数据</text></svg>`;
}
