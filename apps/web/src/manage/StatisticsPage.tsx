import { PageEmpty } from '../pages/PageEmpty';

export function StatisticsPage() {
  return <PageEmpty title="数据统计" description="这里将以图表展示能力浏览、搜索关键词和合作情况的统计。" />;
}
