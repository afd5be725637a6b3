import { PageEmpty } from './PageEmpty';

export function AiPage() {
  return <PageEmpty title="AI助手" description="AI 助手即将开放：届时可以在这里就供应链与产业问题向助手提问。" />;
}
