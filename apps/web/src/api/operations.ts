import type {
  MallGoodsAdmin,
  MallGoodsForm,
  MallOrderAdmin,
  MallOrderStatus,
  OfficialServiceApplication,
  OfficialServiceFollowUp,
  OfficialServiceStatus,
  ReportHandling,
  ReportRow,
  ReportStatus,
} from '@liaison/protocol';
import { request } from './client';
import type { Page, PageQuery } from './page';
import type { Envelope } from './types';

/**
 * Platform operations for admins (docs/portal-api.md "Points mall", "Report centre", "Official
 * service"): the mall's goods and orders, reports and official-service applications.
 */
export interface GoodsQuery extends PageQuery {
  name?: string | undefined;
}

export function fetchAdminGoods(query: GoodsQuery): Promise<Envelope<Page<MallGoodsAdmin>>> {
  return request({ url: '/system/mall/goods', params: { ...query } });
}

export function createGoods(form: MallGoodsForm): Promise<Envelope<MallGoodsAdmin>> {
  return request({ url: '/system/mall/goods', method: 'POST', data: form });
}

/** Replaces the whole item, stock included. */
export function updateGoods(id: string, form: MallGoodsForm): Promise<Envelope<MallGoodsAdmin>> {
  return request({ url: `/system/mall/goods/${encodeURIComponent(id)}`, method: 'PUT', data: form });
}

/** On or off the shelf, leaving the stock as redeems left it. */
export function setGoodsEnabled(id: string, enabled: boolean): Promise<Envelope<null>> {
  return request({ url: `/system/mall/goods/${encodeURIComponent(id)}/status`, method: 'PUT', data: { enabled } });
}

export interface OrderQuery extends PageQuery {
  status?: MallOrderStatus | undefined;
}

export function fetchAdminOrders(query: OrderQuery): Promise<Envelope<Page<MallOrderAdmin>>> {
  return request({ url: '/system/mall/orders', params: { ...query } });
}

export function shipOrder(id: string): Promise<Envelope<null>> {
  return request({ url: `/system/mall/orders/${encodeURIComponent(id)}/ship`, method: 'POST' });
}

/** The stock goes back and the points are refunded, once. */
export function cancelOrder(id: string): Promise<Envelope<null>> {
  return request({ url: `/system/mall/orders/${encodeURIComponent(id)}/cancel`, method: 'POST' });
}

export interface ReportQuery extends PageQuery {
  status?: ReportStatus | undefined;
}

export function fetchReports(query: ReportQuery): Promise<Envelope<Page<ReportRow>>> {
  return request({ url: '/system/report/list', params: { ...query } });
}

export function handleReport(id: string, body: ReportHandling): Promise<Envelope<null>> {
  return request({ url: `/system/report/${encodeURIComponent(id)}/handled`, method: 'POST', data: body });
}

export interface ApplicationQuery extends PageQuery {
  status?: OfficialServiceStatus | undefined;
}

export function fetchApplications(query: ApplicationQuery): Promise<Envelope<Page<OfficialServiceApplication>>> {
  return request({ url: '/system/official/service/list', params: { ...query } });
}

export function followUpApplication(id: string, body: OfficialServiceFollowUp): Promise<Envelope<null>> {
  return request({ url: `/system/official/service/${encodeURIComponent(id)}/follow-up`, method: 'POST', data: body });
}
