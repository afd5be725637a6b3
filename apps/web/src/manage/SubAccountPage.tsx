import { PageEmpty } from '../pages/PageEmpty';

export function SubAccountPage() {
  return <PageEmpty title="子账号" description="这里将管理企业子账号及其权限。" />;
}
