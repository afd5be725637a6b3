import { fetchEnterprises } from '../../api/content';
import { dataOf, useLoad } from '../../manage/common/use-load';
import { EnterpriseCard } from '../common/EnterpriseCard';
import { PagedCards } from '../common/PagedCards';
import { readPageNum, useUrlParams } from '../common/use-url-params';
import { KeywordSearch } from './KeywordSearch';

const PAGE_SIZE = 12;

/** Every approved enterprise, searchable by name or introduction; keyword and page live in the address. */
export function EnterpriseDirectory() {
  const { params, update } = useUrlParams();
  const keyword = params.get('keyword') ?? '';
  const pageNum = readPageNum(params.get('pageNum'));
  const query = { keyword, pageNum, pageSize: PAGE_SIZE };
  const { loaded, reload } = useLoad(JSON.stringify(query), () => fetchEnterprises(query).then(dataOf));

  return (
    <section className="public-section" aria-labelledby="enterprise-directory-title">
      <div className="public-section__head cluster-directory__head">
        <h2 id="enterprise-directory-title">入驻企业</h2>
        <KeywordSearch
          keyword={keyword}
          what="企业"
          placeholder="搜索企业名称或简介"
          className="cluster-directory__search"
          onSearch={(value) => update({ keyword: value, pageNum: null })}
        />
      </div>
      <PagedCards
        loaded={loaded}
        reload={() => void reload()}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={(page) => update({ pageNum: page })}
        label="企业列表"
        rowKey={(enterprise) => enterprise.userId}
        renderCard={(enterprise) => <EnterpriseCard enterprise={enterprise} />}
        emptyText={keyword ? `没有找到与“${keyword}”相关的企业` : '平台还没有入驻企业'}
        failedText="企业列表加载失败"
        unit="家企业"
      />
    </section>
  );
}
