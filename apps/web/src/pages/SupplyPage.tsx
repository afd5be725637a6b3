import { PageEmpty } from './PageEmpty';

export function SupplyPage() {
  return <PageEmpty title="能力库" description="这里将按分类展示平台企业发布的能力条目，并支持筛选和搜索。" />;
}
