import { AdminOnly } from '../common/access';
import { TabsPage } from '../common/TabsPage';
import './admin-pages.css';
import { Articles } from './platform-content/Articles';
import { Chains } from './platform-content/Chains';
import { Clusters } from './platform-content/Clusters';
import { Experts } from './platform-content/Experts';
import './platform-content/platform-content.css';

/**
 * Platform admins write the portal's own content (userCenter/platform-content): news, new
 * releases, the expert library, the enterprise clusters and the industry chains.
 */
export function PlatformContentPage() {
  return (
    <AdminOnly title="平台内容">
      <TabsPage
        title="平台内容"
        tabs={[
          { key: 'news', label: '新闻资讯', children: <Articles kind="news" /> },
          { key: 'release', label: '新品发布', children: <Articles kind="release" /> },
          { key: 'experts', label: '专家', children: <Experts /> },
          { key: 'clusters', label: '产业集群', children: <Clusters /> },
          { key: 'chains', label: '产业链', children: <Chains /> },
        ]}
      />
    </AdminOnly>
  );
}
