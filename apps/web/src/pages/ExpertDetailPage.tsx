import { PageEmpty } from './PageEmpty';

export function ExpertDetailPage() {
  return <PageEmpty title="专家详情" description="这里将展示所选专家的简介和擅长领域。" />;
}
