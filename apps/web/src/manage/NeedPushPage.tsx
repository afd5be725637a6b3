import { PageEmpty } from '../pages/PageEmpty';

export function NeedPushPage() {
  return <PageEmpty title="需求推送" description="这里将展示平台为您推送的采购与合作需求。" />;
}
