import { PageEmpty } from './PageEmpty';

export function NewsDetailPage() {
  return <PageEmpty title="资讯详情" description="这里将展示所选资讯的正文。" />;
}
