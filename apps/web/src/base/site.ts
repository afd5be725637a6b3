/** The portal's name, in the header and in every page title. */
export const SITE_NAME = '链联产业服务平台';

/**
 * The deployment's time zone: every date and time the web app shows is written in it, and the
 * server counts its days (today's sign-in, the data board) in it (apps/server/src/portal/
 * shanghai-day.ts). China keeps one zone all year, so it is fixed rather than a setting.
 */
export const TIME_ZONE = 'Asia/Shanghai';
