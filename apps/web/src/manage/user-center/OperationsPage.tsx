import { AdminOnly } from '../common/access';
import { TabsPage } from '../common/TabsPage';
import './admin-pages.css';
import { ApplicationsTab } from './operations/ApplicationsTab';
import { GoodsTab } from './operations/GoodsTab';
import './operations/operations.css';
import { OrdersTab } from './operations/OrdersTab';
import { ReportsTab } from './operations/ReportsTab';

/**
 * Platform admins run the points mall and follow up what comes in: goods, redeemed orders,
 * reports and official-service applications (userCenter/operations).
 */
export function OperationsPage() {
  return (
    <AdminOnly title="运营管理">
      <TabsPage
        title="运营管理"
        tabs={[
          { key: 'goods', label: '商品', children: <GoodsTab /> },
          { key: 'orders', label: '兑换订单', children: <OrdersTab /> },
          { key: 'reports', label: '举报', children: <ReportsTab /> },
          { key: 'applications', label: '官方服务申请', children: <ApplicationsTab /> },
        ]}
      />
    </AdminOnly>
  );
}
