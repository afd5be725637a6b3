/** The portal's name, in the header and in every page title. */
export const SITE_NAME = '链联产业服务平台';

/** The ICP filing number the operator registered; set VITE_ICP_NUMBER when building. */
export const ICP_NUMBER = import.meta.env.VITE_ICP_NUMBER ?? '';
