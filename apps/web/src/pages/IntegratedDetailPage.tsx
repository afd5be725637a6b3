import { PageEmpty } from './PageEmpty';

export function IntegratedDetailPage() {
  return <PageEmpty title="集群详情" description="这里将展示所选企业集群的介绍和成员企业。" />;
}
