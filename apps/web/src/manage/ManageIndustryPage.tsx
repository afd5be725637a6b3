import { PageEmpty } from '../pages/PageEmpty';

export function ManageIndustryPage() {
  return <PageEmpty title="产业链" description="这里将管理您在产业链中的位置和上下游关系。" />;
}
