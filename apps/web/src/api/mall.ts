import type {
  MallGoods,
  MallOrder,
  MallRedeem,
  MallRedeemResult,
  OfficialServiceForm,
  OfficialServiceTicket,
  ReportForm,
} from '@liaison/protocol';
import type { SmsCodeRequest } from './auth';
import { request } from './client';
import type { Page, PageQuery } from './page';
import type { Envelope } from './types';

/**
 * The points mall, the report centre and the official-service application (docs/portal-api.md
 * "Points mall", "Report centre", "Official service").
 */
const MALL = '/portal/mall';
const OFFICIAL = '/portal/supply/chain/apply/official/service';

export function fetchGoods(query: PageQuery): Promise<Envelope<Page<MallGoods>>> {
  return request({ url: `${MALL}/goods`, params: { ...query } });
}

export function redeemGoods(body: MallRedeem): Promise<Envelope<MallRedeemResult>> {
  return request({ url: `${MALL}/redeem`, method: 'POST', data: body });
}

/** My own orders. */
export function fetchMallOrders(query: PageQuery): Promise<Envelope<Page<MallOrder>>> {
  return request({ url: `${MALL}/orders`, params: { ...query } });
}

/** Answers the report's number. */
export function submitReport(body: ReportForm): Promise<Envelope<{ id: string }>> {
  return request({ url: '/portal/report', method: 'POST', data: body });
}

/** Step 1: an SMS code to the applicant's mobile, sent after the image captcha. */
export function sendOfficialServiceSms(body: SmsCodeRequest): Promise<Envelope<null>> {
  return request({ url: `${OFFICIAL}/send/sms/code`, method: 'POST', data: body });
}

/** Step 2: the SMS code checked, a ticket for the application. */
export function checkOfficialServiceSms(body: {
  mobileNumber: string;
  smsVerifyCode: string;
}): Promise<Envelope<OfficialServiceTicket>> {
  return request({ url: `${OFFICIAL}/check`, method: 'POST', data: body });
}

/** Step 3: the application itself. */
export function applyOfficialService(body: OfficialServiceForm): Promise<Envelope<{ id: string }>> {
  return request({ url: `${OFFICIAL}2`, method: 'POST', data: body });
}
