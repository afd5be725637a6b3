import { PageEmpty } from '../pages/PageEmpty';

export function ManageIntegratedPage() {
  return <PageEmpty title="企业集群" description="这里将管理您所在的企业集群。" />;
}
