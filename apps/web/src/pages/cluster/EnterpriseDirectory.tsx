import { fetchEnterprises } from '../../api/content';
import { EnterpriseCard } from '../common/EnterpriseCard';
import { KeywordPagedList } from '../common/KeywordPagedList';

const PAGE_SIZE = 12;

/** Every approved enterprise, searchable by name or introduction; keyword and page live in the address. */
export function EnterpriseDirectory() {
  return (
    <section className="public-section" aria-labelledby="enterprise-directory-title">
      <KeywordPagedList
        head={<h2 id="enterprise-directory-title">入驻企业</h2>}
        headClassName="public-section__head cluster-directory__head"
        filters={{}}
        load={fetchEnterprises}
        pageSize={PAGE_SIZE}
        search={{ label: '搜索企业', placeholder: '搜索企业名称或简介', className: 'cluster-directory__search' }}
        label="企业列表"
        rowKey={(enterprise) => enterprise.userId}
        renderCard={(enterprise) => <EnterpriseCard enterprise={enterprise} />}
        emptyText={(keyword) => (keyword ? `没有找到与“${keyword}”相关的企业` : '平台还没有入驻企业')}
        failedText="企业列表加载失败"
        unit="家企业"
      />
    </section>
  );
}
