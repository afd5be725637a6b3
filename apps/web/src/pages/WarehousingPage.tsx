import { type ServiceDescription, ServicePage } from './supply/ServicePage';

const WAREHOUSING: ServiceDescription = {
  variant: 'warehousing',
  title: '仓储服务',
  intro:
    '汇集平台认证企业的仓储、冷链、干线运输与跨境物流能力，按货品、温区与线路找到合适的仓配伙伴，让货物存得稳、走得快。',
  points: [
    { title: '仓储与分拨', text: '保税仓、海外仓、区域分拨中心与库存管理' },
    { title: '冷链与温控', text: '冷藏冷冻仓储、全程温控运输与追溯' },
    { title: '干线与跨境', text: '整车零担、海运拼箱、报关与清关' },
  ],
  categoryId: 4,
  categoryName: '仓储物流',
};

/** /warehousing: the warehousing services (category 4 仓储物流) of the capability library. */
export function WarehousingPage() {
  return <ServicePage service={WAREHOUSING} />;
}
