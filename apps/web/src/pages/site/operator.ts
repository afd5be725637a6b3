import { SITE_NAME } from '../../base/site';

/**
 * Who runs this portal, as the footer pages name them. A self-hosted operator replaces these
 * values with its own before going live.
 */
export const OPERATOR = {
  siteName: SITE_NAME,
  company: '链联（苏州）产业科技有限公司',
  address: '江苏省苏州市工业园区产业服务大厦8层',
  postcode: '215000',
  phone: '0512-6000 8000',
  hours: '工作日 9:00—18:00（法定节假日除外）',
  serviceEmail: 'service@example.com',
  legalEmail: 'legal@example.com',
  jobsEmail: 'hr@example.com',
} as const;
