import { PageEmpty } from './PageEmpty';

export function ExpertPage() {
  return <PageEmpty title="专家库" description="这里将展示入驻平台的行业专家。" />;
}
