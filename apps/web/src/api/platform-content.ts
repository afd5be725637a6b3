import type {
  AdminArticle,
  AdminCluster,
  AdminExpert,
  ArticleForm,
  ArticleKind,
  ArticleSummary,
  Cluster,
  ClusterForm,
  ExpertForm,
  ExpertSummary,
} from '@liaison/protocol';
import { request } from './client';
import type { Page, PageQuery } from './page';
import type { Envelope } from './types';

/**
 * The platform admin's calls for the portal's own content (docs/portal-api.md "Public portal",
 * Administration): news and new releases, experts and enterprise clusters.
 */
const ADMIN = '/portal/admin';

export interface AdminArticleQuery extends PageQuery {
  kind: ArticleKind;
  keyword?: string | undefined;
}

export function fetchAdminArticles(query: AdminArticleQuery): Promise<Envelope<Page<ArticleSummary>>> {
  return request({ url: `${ADMIN}/article/list`, params: { ...query } });
}

/** The article as its form edits it (reading it counts no view). */
export function fetchAdminArticle(id: string): Promise<Envelope<AdminArticle>> {
  return request({ url: `${ADMIN}/article/${encodeURIComponent(id)}` });
}

export function createArticle(form: ArticleForm): Promise<Envelope<{ id: string }>> {
  return request({ url: `${ADMIN}/article`, method: 'POST', data: form });
}

export function updateArticle(id: string, form: ArticleForm): Promise<Envelope<null>> {
  return request({ url: `${ADMIN}/article/${encodeURIComponent(id)}`, method: 'PUT', data: form });
}

export function deleteArticle(id: string): Promise<Envelope<null>> {
  return request({ url: `${ADMIN}/article/${encodeURIComponent(id)}`, method: 'DELETE' });
}

export interface AdminExpertQuery extends PageQuery {
  keyword?: string | undefined;
}

/** The public expert list, in the platform's order, serves the admin too. */
export function fetchAdminExperts(query: AdminExpertQuery): Promise<Envelope<Page<ExpertSummary>>> {
  return request({ url: '/portal/expert/list', params: { ...query } });
}

export function fetchAdminExpert(id: string): Promise<Envelope<AdminExpert>> {
  return request({ url: `${ADMIN}/expert/${encodeURIComponent(id)}` });
}

export function createExpert(form: ExpertForm): Promise<Envelope<{ id: string }>> {
  return request({ url: `${ADMIN}/expert`, method: 'POST', data: form });
}

export function updateExpert(id: string, form: ExpertForm): Promise<Envelope<null>> {
  return request({ url: `${ADMIN}/expert/${encodeURIComponent(id)}`, method: 'PUT', data: form });
}

export function deleteExpert(id: string): Promise<Envelope<null>> {
  return request({ url: `${ADMIN}/expert/${encodeURIComponent(id)}`, method: 'DELETE' });
}

export interface AdminClusterQuery extends PageQuery {
  keyword?: string | undefined;
}

export function fetchAdminClusters(query: AdminClusterQuery): Promise<Envelope<Page<Cluster>>> {
  return request({ url: `${ADMIN}/cluster/list`, params: { ...query } });
}

/** The cluster with its public members, the only ones a save keeps. */
export function fetchAdminCluster(id: string): Promise<Envelope<AdminCluster>> {
  return request({ url: `${ADMIN}/cluster/${encodeURIComponent(id)}` });
}

export function createCluster(form: ClusterForm): Promise<Envelope<{ id: string }>> {
  return request({ url: `${ADMIN}/cluster`, method: 'POST', data: form });
}

export function updateCluster(id: string, form: ClusterForm): Promise<Envelope<null>> {
  return request({ url: `${ADMIN}/cluster/${encodeURIComponent(id)}`, method: 'PUT', data: form });
}

export function deleteCluster(id: string): Promise<Envelope<null>> {
  return request({ url: `${ADMIN}/cluster/${encodeURIComponent(id)}`, method: 'DELETE' });
}
