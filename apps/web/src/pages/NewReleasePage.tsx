import { Tabs } from 'antd';
import { readPageNum, useUrlParams } from './common/use-url-params';
import { ArticleList } from './news/ArticleList';
import { ARTICLE_KINDS, kindOfTab } from './news/article-kinds';
import './news/news.css';

const TABS = (['release', 'news'] as const).map((kind) => ({ key: kind, label: ARTICLE_KINDS[kind].label }));

/** /newRelease (?tab=news&pageNum=): enterprises' new releases and industry news, tab and page in the address. */
export function NewReleasePage() {
  const { params, update } = useUrlParams();
  const kind = kindOfTab(params.get('tab'));
  return (
    <div className="page">
      <header className="public-head">
        <div>
          <h1>新品发布</h1>
          <p>企业的新产品、新能力首发，以及产业链上下游的行业动态。</p>
        </div>
      </header>
      <Tabs
        activeKey={kind}
        items={TABS}
        onChange={(key) => update({ tab: key === 'news' ? 'news' : null, pageNum: null })}
      />
      <ArticleList kind={kind} pageNum={readPageNum(params.get('pageNum'))} onPage={(pageNum) => update({ pageNum })} />
    </div>
  );
}
