import { PageEmpty } from './PageEmpty';

export function TestPage() {
  return <PageEmpty title="测试页" description="这是联调用的测试页面，目前没有内容。" />;
}
