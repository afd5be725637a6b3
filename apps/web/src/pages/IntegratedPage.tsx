import { PageEmpty } from './PageEmpty';

export function IntegratedPage() {
  return <PageEmpty title="企业集群" description="这里将展示平台上的企业集群及其成员企业。" />;
}
