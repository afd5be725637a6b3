import type {
  ArticleDetail,
  ArticleKind,
  ArticleSummary,
  Cluster,
  ClusterDetail,
  EnterpriseCard,
  ExpertDetail,
  ExpertSummary,
  IndustryChain,
  MatchOperations,
} from '@liaison/protocol';
import { request } from './client';
import type { Page, PageQuery } from './page';
import type { Envelope } from './types';

/**
 * The portal's own content a visitor browses (docs/portal-api.md "Public portal"): enterprise
 * clusters, new releases and news, industry chains, experts and match operations.
 */
const PORTAL = '/portal';

export function fetchClusters(): Promise<Envelope<Cluster[]>> {
  return request({ url: `${PORTAL}/cluster/list` });
}

export function fetchCluster(id: string): Promise<Envelope<ClusterDetail>> {
  return request({ url: `${PORTAL}/cluster/${encodeURIComponent(id)}` });
}

export interface EnterpriseQuery extends PageQuery {
  keyword: string;
  clusterId?: string;
}

export function fetchEnterprises(query: EnterpriseQuery): Promise<Envelope<Page<EnterpriseCard>>> {
  return request({ url: `${PORTAL}/enterprise/list`, params: { ...query } });
}

export interface ArticleQuery extends PageQuery {
  kind: ArticleKind;
}

export function fetchArticles(query: ArticleQuery): Promise<Envelope<Page<ArticleSummary>>> {
  return request({ url: `${PORTAL}/article/list`, params: { ...query } });
}

/** Reading an article counts a view. */
export function fetchArticle(id: string): Promise<Envelope<ArticleDetail>> {
  return request({ url: `${PORTAL}/article/${encodeURIComponent(id)}` });
}

export interface ExpertQuery extends PageQuery {
  /** '' for every field. */
  field: string;
  keyword: string;
}

export function fetchExperts(query: ExpertQuery): Promise<Envelope<Page<ExpertSummary>>> {
  return request({ url: `${PORTAL}/expert/list`, params: { ...query } });
}

/** Contact details come only to a logged-in reader. */
export function fetchExpert(id: string): Promise<Envelope<ExpertDetail>> {
  return request({ url: `${PORTAL}/expert/${encodeURIComponent(id)}` });
}

export function fetchMatchOperations(): Promise<Envelope<MatchOperations>> {
  return request({ url: `${PORTAL}/match/operations` });
}

/** Every chain with its segments, as anyone sees them. */
export function fetchIndustryChains(): Promise<Envelope<IndustryChain[]>> {
  return request({ url: `${PORTAL}/industry/chains` });
}
