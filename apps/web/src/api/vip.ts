import type {
  PointsInfo,
  PointsLedgerRow,
  SignInResult,
  VipCentreInfo,
  VipOrder,
  VipPointsCharge,
  VipPrice,
  VipQrPayment,
} from '@liaison/protocol';
import { request } from './client';
import type { Page, PageQuery } from './page';
import type { Envelope } from './types';

/** Membership, points and the daily sign-in (docs/portal-api.md "VIP, points and sign-in"). */
const BASE = '/portal/self/center';

export function fetchVipInfo(): Promise<Envelope<VipCentreInfo>> {
  return request({ url: `${BASE}/vip/info` });
}

export function fetchVipPrices(): Promise<Envelope<VipPrice[]>> {
  return request({ url: `${BASE}/vip/price` });
}

export function fetchVipOrders(query: PageQuery): Promise<Envelope<Page<VipOrder>>> {
  return request({ url: `${BASE}/vip/orders`, params: { ...query } });
}

/**
 * Pays for the membership with points (a GET in the spec, yet it changes things). One key per
 * confirmed purchase: the server charges a repeated request with the same key only once.
 */
export function chargeVipWithPoints(vipType: number, idempotencyKey: string): Promise<Envelope<VipPointsCharge>> {
  return request({ url: `${BASE}/integral/charge/vip/${vipType}`, params: { idempotencyKey } });
}

export function createVipQrPayment(vipType: number): Promise<Envelope<VipQrPayment>> {
  return request({ url: `${BASE}/personal/charge/vip/pay/qr`, method: 'POST', params: { vipType } });
}

export function checkVipOrder(orderNumber: string): Promise<Envelope<VipOrder>> {
  return request({ url: `${BASE}/check/charge/vip/status`, params: { orderNumber } });
}

export function signInToday(): Promise<Envelope<SignInResult>> {
  return request({ url: `${BASE}/sign-in/per/day`, method: 'POST' });
}

export function fetchPointsInfo(): Promise<Envelope<PointsInfo>> {
  return request({ url: `${BASE}/points/info` });
}

export function fetchPointsLedger(query: PageQuery): Promise<Envelope<Page<PointsLedgerRow>>> {
  return request({ url: `${BASE}/points/ledger`, params: { ...query } });
}
