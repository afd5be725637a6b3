import { PageEmpty } from './PageEmpty';

export function CompanyMainPage() {
  return <PageEmpty title="企业主页" description="这里将展示所选企业的主页：企业介绍、能力和产品。" />;
}
