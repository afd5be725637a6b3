import { PageEmpty } from './PageEmpty';

export function DesignsPage() {
  return <PageEmpty title="设计服务" description="这里将展示工业设计相关的服务。" />;
}
