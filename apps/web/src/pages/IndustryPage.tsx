import { PageEmpty } from './PageEmpty';

export function IndustryPage() {
  return <PageEmpty title="产业链" description="这里将展示产业链图谱以及上下游企业的分布。" />;
}
