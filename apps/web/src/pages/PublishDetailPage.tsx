import { PageEmpty } from './PageEmpty';

export function PublishDetailPage() {
  return <PageEmpty title="发布详情" description="这里将展示所选新品的详细信息。" />;
}
