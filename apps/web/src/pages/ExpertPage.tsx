import { Radio } from 'antd';
import { fetchExperts } from '../api/content';
import { KeywordPagedList } from './common/KeywordPagedList';
import { useUrlParams } from './common/use-url-params';
import { ExpertCard } from './expert/ExpertCard';
import { EXPERT_FIELDS } from './expert/expert-fields';
import './expert/expert.css';

const PAGE_SIZE = 12;
const FIELD_OPTIONS = [{ value: '', label: '全部' }, ...EXPERT_FIELDS.map((field) => ({ value: field, label: field }))];

/** /expert (?field&keyword&pageNum): the expert library, filtered by field and keyword in the address. */
export function ExpertPage() {
  const { params, update } = useUrlParams();
  const field = params.get('field') ?? '';

  return (
    <div className="page">
      <header className="public-head">
        <div>
          <h1>专家库</h1>
          <p>汇聚高校、科研院所和行业一线的专家，为企业提供技术咨询与决策支持。</p>
        </div>
      </header>
      <KeywordPagedList
        head={
          <Radio.Group
            aria-label="研究领域"
            optionType="button"
            value={field}
            options={FIELD_OPTIONS}
            onChange={(event) => update({ field: String(event.target.value), pageNum: null })}
          />
        }
        headClassName="expert-filters"
        filters={{ field }}
        load={fetchExperts}
        pageSize={PAGE_SIZE}
        search={{ label: '搜索专家', placeholder: '搜索专家姓名、单位或简介', className: 'expert-filters__search' }}
        label="专家列表"
        rowKey={(expert) => expert.id}
        renderCard={(expert) => <ExpertCard expert={expert} />}
        emptyText={(keyword) => (field || keyword ? '没有符合条件的专家，换个领域或关键词试试' : '专家库还没有专家')}
        failedText="专家列表加载失败"
        unit="位专家"
      />
    </div>
  );
}
