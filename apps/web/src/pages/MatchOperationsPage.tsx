import { PageEmpty } from './PageEmpty';

export function MatchOperationsPage() {
  return <PageEmpty title="撮合运营" description="这里将展示平台的供需撮合服务。" />;
}
