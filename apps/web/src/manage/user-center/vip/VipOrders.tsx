import { type VipOrder, VipOrderStatus } from '@liaison/protocol';
import { type TableColumnsType, Tag } from 'antd';
import { fetchVipOrders } from '../../../api/vip';
import { formatTime } from '../../../common/format-time';
import { RecordTable } from '../../common/RecordTable';
import { yuan } from './format';

const STATUS: Record<VipOrderStatus, { text: string; color: string }> = {
  [VipOrderStatus.WAITING]: { text: '待支付', color: 'warning' },
  [VipOrderStatus.PAID]: { text: '已支付', color: 'success' },
  [VipOrderStatus.CLOSED]: { text: '已关闭', color: 'default' },
};

const COLUMNS: TableColumnsType<VipOrder> = [
  {
    title: '订单',
    key: 'order',
    render: (_, order) => (
      <div className="vip-order">
        <span>{order.name || `会员类型 ${order.vipType}`}</span>
        <span className="vip-order__number">{order.orderNumber}</span>
      </div>
    ),
  },
  {
    title: '金额',
    key: 'amount',
    render: (_, order) => (order.payMethod === 'points' ? `${order.points} 积分` : yuan(order.amountFen)),
  },
  {
    title: '支付方式',
    key: 'payMethod',
    responsive: ['md'],
    render: (_, order) => (order.payMethod === 'points' ? '积分兑换' : '扫码支付'),
  },
  {
    title: '状态',
    key: 'status',
    render: (_, order) => <Tag color={STATUS[order.status].color}>{STATUS[order.status].text}</Tag>,
  },
  {
    title: '下单时间',
    key: 'createdAt',
    responsive: ['md'],
    render: (_, order) => formatTime(order.createdAt),
  },
];

interface VipOrdersProps {
  pageNum: number;
  onPageChange(pageNum: number): void;
  /** Changes when the orders should be fetched again (a payment went through). */
  version: number;
}

/** 订单记录: my membership orders, newest first. */
export function VipOrders(props: VipOrdersProps) {
  return (
    <RecordTable<VipOrder>
      {...props}
      fetchPage={fetchVipOrders}
      pageSize={5}
      rowKey="orderNumber"
      columns={COLUMNS}
      emptyText="暂无订单"
      failedText="订单记录加载失败"
    />
  );
}
