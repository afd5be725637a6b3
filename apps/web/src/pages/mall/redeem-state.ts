import { MALL_LIMITS, type MallGoods, type MallOrderStatus } from '@liaison/protocol';

/** What a goods card's button offers. `balance` null: not known (a visitor, or still loading). */
export type RedeemState =
  | { kind: 'sold-out' }
  | { kind: 'short'; shortfall: number }
  | { kind: 'open'; maxQuantity: number };

export function redeemState(goods: MallGoods, balance: number | null): RedeemState {
  if (goods.stock <= 0) return { kind: 'sold-out' };
  if (balance !== null && balance < goods.pointsCost) return { kind: 'short', shortfall: goods.pointsCost - balance };
  return { kind: 'open', maxQuantity: Math.min(MALL_LIMITS.quantityMax, goods.stock) };
}

/** The points `quantity` items cost, and what would be left (negative: not enough). */
export function redeemTotal(goods: MallGoods, quantity: number, balance: number): { cost: number; left: number } {
  const cost = goods.pointsCost * quantity;
  return { cost, left: balance - cost };
}

export const ORDER_STATUS: Record<MallOrderStatus, { label: string; color: string }> = {
  0: { label: '待发货', color: 'processing' },
  1: { label: '已发货', color: 'success' },
  2: { label: '已取消，积分已退还', color: 'default' },
};

export const SHORT_TEXT = '积分不足';
