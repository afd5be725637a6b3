import { PageEmpty } from './PageEmpty';

export function NewReleasePage() {
  return <PageEmpty title="新品发布" description="这里将展示企业最新发布的产品。" />;
}
