import { PageEmpty } from './PageEmpty';

export function WarehousingPage() {
  return <PageEmpty title="仓储服务" description="这里将展示仓储物流相关的服务。" />;
}
