import { PageEmpty } from '../pages/PageEmpty';

export function AbilitiesPage() {
  return <PageEmpty title="我的能力" description="这里将列出您发布的能力条目，可以新增、编辑和下架。" />;
}
