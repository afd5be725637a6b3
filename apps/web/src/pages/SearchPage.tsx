import { PageEmpty } from './PageEmpty';

export function SearchPage() {
  return <PageEmpty title="搜索" description="搜索功能即将开放：这里将按关键词展示匹配的能力、企业和新品。" />;
}
