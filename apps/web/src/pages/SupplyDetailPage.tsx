import { PageEmpty } from './PageEmpty';

export function SupplyDetailPage() {
  return <PageEmpty title="能力详情" description="这里将展示所选能力的详细介绍、所属企业和合作申请入口。" />;
}
