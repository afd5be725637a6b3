import type { FastifyInstance } from 'fastify';
import { ok, PortalCode, PortalError } from '../envelope';

/** What a payment provider is asked to collect. */
export interface PaymentRequest {
  orderNumber: string;
  amountFen: number;
  subject: string;
  /** Where the portal is served from, as the paying browser reached it. */
  origin: string;
}

/** How an order's outcome is told back to the portal. */
export type PaidOutcome = 'paid' | 'already-paid' | 'closed' | 'unknown';

/** What `pay/qr` answers where no provider is configured: no QR code that nobody could pay. */
export const QR_PAY_UNAVAILABLE = '扫码支付暂未开通，请使用积分兑换';

/**
 * A way to take money for an order: it makes the URL the QR code carries, and tells the portal
 * when an order was paid (a real provider through its signed notification webhook). `onPaid`
 * is idempotent: a provider may notify twice.
 */
export interface PaymentProvider {
  readonly name: string;
  createPayment(request: PaymentRequest): Promise<{ payUrl: string }>;
  listen(app: FastifyInstance, onPaid: (orderNumber: string) => Promise<PaidOutcome>): void;
}

/**
 * The provider the portal uses: the configured one; unset, the offline development provider where
 * development endpoints or test hooks are on, else none (QR payment answers QR_PAY_UNAVAILABLE).
 * null is none anywhere, as a production deployment has it.
 */
export function choosePaymentProvider(
  configured: PaymentProvider | null | undefined,
  development: boolean,
): PaymentProvider | null {
  if (configured !== undefined) return configured;
  return development ? devPaymentProvider() : null;
}

/**
 * The offline development provider: no money moves. Its QR code encodes a URL on this server
 * which, opened (or scanned on the same network), marks the order paid.
 */
export function devPaymentProvider(): PaymentProvider {
  return {
    name: 'dev',
    async createPayment(request) {
      return { payUrl: `${request.origin}/prod-api${confirmPath(request.orderNumber)}` };
    },
    listen(app, onPaid) {
      app.get<{ Params: { orderNumber: string } }>('/dev/payment/:orderNumber/paid', async (request) => {
        const outcome = await onPaid(request.params.orderNumber);
        if (outcome === 'unknown') throw new PortalError(PortalCode.NOT_FOUND);
        if (outcome === 'closed') throw new PortalError(PortalCode.ERROR, '订单已关闭');
        return ok({ orderNumber: request.params.orderNumber }, outcome === 'paid' ? '支付成功' : '订单已支付');
      });
    },
  };
}

function confirmPath(orderNumber: string): string {
  return `/dev/payment/${encodeURIComponent(orderNumber)}/paid`;
}
