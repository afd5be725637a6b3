/** The portal's name, in the header and in every page title. */
export const SITE_NAME = '链联产业服务平台';
