import type { MallOrder } from '@liaison/protocol';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Page } from '../../api/page';
import { formatTime } from '../../common/format-time';
import { PagedList } from '../../common/PagedList';
import type { Loaded } from '../../common/use-load';
import { publicFileUrl } from '../common/public-file';
import { ORDER_STATUS } from './redeem-state';

export const ORDERS_PAGE_SIZE = 5;

const COLUMNS: ColumnsType<MallOrder> = [
  { title: '订单号', dataIndex: 'id', width: 90 },
  {
    title: '商品',
    dataIndex: 'goodsName',
    render: (_, order) => (
      <span className="mall-order__goods">
        <GoodsThumb order={order} />
        {order.goodsName}
      </span>
    ),
  },
  { title: '数量', dataIndex: 'quantity', width: 70 },
  { title: '消耗积分', dataIndex: 'points', width: 100 },
  { title: '状态', dataIndex: 'status', width: 170, render: (_, order) => <StatusTag order={order} /> },
  { title: '收货地址', dataIndex: 'address', ellipsis: true },
  { title: '兑换时间', dataIndex: 'createdAt', width: 160, render: (_, order) => formatTime(order.createdAt) },
];

interface MyOrdersProps {
  loaded: Loaded<Page<MallOrder>>;
  reload: () => Promise<void>;
  pageNum: number;
  onPage: (pageNum: number) => void;
}

/** My redemptions, newest first: a table on a wide screen, cards on a phone. */
export function MyOrders({ loaded, reload, pageNum, onPage }: MyOrdersProps) {
  return (
    <PagedList<MallOrder>
      loaded={loaded}
      reload={reload}
      pageNum={pageNum}
      setPageNum={onPage}
      pageSize={ORDERS_PAGE_SIZE}
      rowKey="id"
      columns={COLUMNS}
      card={(order) => ({
        avatar: <GoodsThumb order={order} />,
        title: `${order.goodsName} ×${order.quantity}`,
        description: (
          <>
            <div>
              消耗 {order.points} 积分 · {formatTime(order.createdAt)}
            </div>
            <div>收货地址：{order.address}</div>
          </>
        ),
        actions: [<StatusTag key="status" order={order} />],
      })}
      emptyText="还没有兑换记录"
      failedText="兑换记录加载失败"
      unit="笔"
    />
  );
}

function GoodsThumb({ order }: { order: MallOrder }) {
  const image = publicFileUrl(order.image);
  return image ? <img className="mall-order__thumb" src={image} alt={order.goodsName} /> : null;
}

function StatusTag({ order }: { order: MallOrder }) {
  const status = ORDER_STATUS[order.status];
  return <Tag color={status.color}>{status.label}</Tag>;
}
