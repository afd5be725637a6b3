import type { MallOrderAdmin, MallOrderStatus } from '@liaison/protocol';
import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { cancelOrder, fetchAdminOrders, shipOrder } from '../../../api/operations';
import { formatTime } from '../../../common/format-time';
import { ConfirmButton } from '../../common/ConfirmButton';
import { runAction } from '../../common/run-action';
import { usePagedQuery } from '../../common/use-paged-query';
import { StatusQueue } from './StatusQueue';
import { ALL, type StatusFilter } from './status-filter';

const ORDER_STATUS: Record<MallOrderStatus, { label: string; color: string }> = {
  0: { label: '待发货', color: 'processing' },
  1: { label: '已发货', color: 'success' },
  2: { label: '已取消', color: 'default' },
};

/** Every user's redeemed orders, 待发货 first in view: 发货, or 取消 (the points go back, once). */
export function OrdersTab() {
  const query = usePagedQuery<{ status: StatusFilter<MallOrderStatus> }, MallOrderAdmin>(
    { status: 0 },
    ({ status, ...page }) => fetchAdminOrders({ status: status === ALL ? undefined : status, ...page }),
  );

  const actions = (row: MallOrderAdmin) =>
    row.status === 0
      ? [
          <ConfirmButton
            key="ship"
            type="link"
            question={`确认「${row.goodsName}」已发出？`}
            okText="发货"
            onConfirm={() => runAction(shipOrder(row.id), query.paged.reload)}
          >
            发货
          </ConfirmButton>,
          <ConfirmButton
            key="cancel"
            type="link"
            danger
            isDangerous
            question="取消这笔订单？"
            description={`将退还 ${row.points} 积分给${row.userName || '用户'}，库存恢复`}
            okText="取消订单"
            cancelText="不取消"
            onConfirm={() => runAction(cancelOrder(row.id), query.paged.reload)}
          >
            取消
          </ConfirmButton>,
        ]
      : [];

  const columns: ColumnsType<MallOrderAdmin> = [
    { title: '商品', key: 'goods', render: (_, row) => goodsText(row) },
    { title: '兑换人', key: 'user', render: (_, row) => row.userName || row.userId },
    { title: '积分', dataIndex: 'points', key: 'points' },
    { title: '收货地址', key: 'address', render: (_, row) => <AddressText row={row} />, responsive: ['md'] },
    { title: '兑换时间', key: 'createdAt', render: (_, row) => formatTime(row.createdAt), responsive: ['lg'] },
    { title: '状态', key: 'status', render: (_, row) => <OrderStatus row={row} /> },
    {
      title: '操作',
      key: 'actions',
      render: (_, row) => (row.status === 0 ? <Space size={0}>{actions(row)}</Space> : '—'),
    },
  ];

  return (
    <StatusQueue
      label="订单状态"
      statuses={ORDER_STATUS}
      query={query}
      columns={columns}
      status={(row) => <OrderStatus row={row} />}
      card={(row) => ({
        title: goodsText(row),
        description: (
          <>
            {row.userName || row.userId} · {row.points} 积分 · {formatTime(row.createdAt)}
            <div>
              <AddressText row={row} />
            </div>
          </>
        ),
        actions: actions(row),
      })}
      emptyText="暂无兑换订单"
      failedText="兑换订单加载失败"
    />
  );
}

function goodsText(row: MallOrderAdmin): string {
  return row.quantity > 1 ? `${row.goodsName} ×${row.quantity}` : row.goodsName;
}

/** The status; a cancelled order says what went back to the user. */
function OrderStatus({ row }: { row: MallOrderAdmin }) {
  const status = ORDER_STATUS[row.status];
  return (
    <Space orientation="vertical" size={0}>
      <Tag color={status.color}>{status.label}</Tag>
      {row.status === 2 && <span className="review__reason">已退还 {row.points} 积分</span>}
    </Space>
  );
}

function AddressText({ row }: { row: MallOrderAdmin }) {
  return (
    <span className="review__reason">
      {row.address}
      {row.remark && `（备注：${row.remark}）`}
    </span>
  );
}
