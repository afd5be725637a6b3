import { Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { fetchEnterpriseProfile } from '../api/catalogue';
import { dataOf, useLoad } from '../common/use-load';
import { RecordFailed } from './common/RecordFailed';
import { CompanyProfileView } from './company/CompanyProfileView';
import './company/company.css';

const BACK = { label: '浏览企业集群', to: '/integrated' };

/**
 * /companyMainPage?id=<userId>: an enterprise's public page (gated like the ability page).
 * Reading it counts a view the enterprise sees in its statistics.
 */
export function CompanyMainPage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const { loaded, reload } = useLoad(`company:${id}`, () =>
    id ? fetchEnterpriseProfile(id).then(dataOf) : Promise.reject(new Error('no id')),
  );

  if (!id) return <RecordFailed title="没有指定要查看的企业" back={BACK} />;
  if (loaded.state === 'failed') {
    return (
      <RecordFailed title="企业主页加载失败" subTitle="该企业可能尚未通过认证或已停用" onRetry={reload} back={BACK} />
    );
  }
  if (!loaded.data) {
    return (
      <section className="page" aria-busy="true" aria-label="加载中">
        <Skeleton active avatar={{ shape: 'square', size: 96 }} paragraph={{ rows: 6 }} />
      </section>
    );
  }
  return <CompanyProfileView profile={loaded.data} />;
}
