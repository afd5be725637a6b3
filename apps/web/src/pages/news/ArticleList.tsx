import type { ArticleKind } from '@liaison/protocol';
import { fetchArticles } from '../../api/content';
import { dataOf, useLoad } from '../../common/use-load';
import { PagedCards } from '../common/PagedCards';
import { ArticleCard } from './ArticleCard';
import { ARTICLE_KINDS } from './article-kinds';

const PAGE_SIZE = 12;

interface ArticleListProps {
  kind: ArticleKind;
  pageNum: number;
  onPage: (pageNum: number) => void;
}

/** One page of releases or news, newest first. */
export function ArticleList({ kind, pageNum, onPage }: ArticleListProps) {
  const query = { kind, pageNum, pageSize: PAGE_SIZE };
  const { loaded, reload } = useLoad(JSON.stringify(query), () => fetchArticles(query).then(dataOf));
  const { label } = ARTICLE_KINDS[kind];
  return (
    <PagedCards
      loaded={loaded}
      reload={() => void reload()}
      pageNum={pageNum}
      pageSize={PAGE_SIZE}
      onPage={onPage}
      label={`${label}列表`}
      rowKey={(article) => article.id}
      renderCard={(article) => <ArticleCard article={article} />}
      emptyText={`还没有${label}`}
      failedText={`${label}加载失败`}
      unit="篇"
    />
  );
}
