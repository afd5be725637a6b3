import { PageEmpty } from '../pages/PageEmpty';

export function ManageHomePage() {
  return <PageEmpty title="管理中心" description="这里将展示您的数据看板、待办事项和平台公告。" />;
}
