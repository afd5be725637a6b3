/**
 * The public portal's catalogue (issue 15; docs/portal-api.md "Public portal"): what a visitor
 * browses. Every list reads the tables the management centre writes (abilities, company pages,
 * industry chains) plus the platform's own content (clusters, articles, experts).
 */
import type { AbilityAttachment, AbilitySummary } from './portal-abilities';

/** Page sizes the public lists accept (RuoYi paging: `pageNum` from 1, `pageSize`). */
export const CATALOGUE_LIMITS = {
  pageSizeMax: 50,
  keyword: 50,
  /** Items per type on the home page. */
  homeItems: 8,
} as const;

/** A published ability as the public lists show it. */
export interface PublicAbility
  extends Pick<
    AbilitySummary,
    'id' | 'productName' | 'categoryId' | 'categoryName' | 'summary' | 'cover' | 'keywords' | 'viewCount'
  > {
  publishedAt: number;
  ownerId: string;
  enterpriseName: string;
}

/**
 * `POST /portal/product/list/query?pageNum&pageSize` body: the capability library's filter.
 * `categoryId` 0 or absent: every category.
 */
export interface ProductListQuery {
  categoryId?: number;
  /** Space-separated keywords, all of which must match ('and'). */
  keyword?: string;
  /** Only abilities of enterprises in this industry chain. */
  supplyChainId?: string;
  /** Only this enterprise's abilities (its user id): the company main page's list. */
  ownerId?: string;
  /** 'latest' (default) by publish time, 'popular' by views. */
  sort?: 'latest' | 'popular';
}

/** `GET /portal/supply/chain/ability/{id}`: one published ability with its enterprise. */
export interface PublicAbilityDetail extends PublicAbility {
  /** Sanitised HTML (the server's allow-list). */
  description: string;
  attachments: AbilityAttachment[];
  enterprise: EnterpriseCard;
}

/** An approved enterprise as lists show it. */
export interface EnterpriseCard {
  userId: string;
  enterpriseName: string;
  /** The company page's banner file name, '' if none. */
  banner: string;
  /** The first 120 characters of the introduction. */
  introduction: string;
  address: string;
  abilityCount: number;
  followerCount: number;
}

/**
 * `GET /portal/supply/chain/extend/info/{userId}`: the company main page as the public sees it.
 * Reading it counts a view (`view/me/info`), except the enterprise's own.
 */
export interface EnterpriseProfile extends EnterpriseCard {
  website: string;
  /** null when the enterprise hides its phone (`disable/public/phone`) or the reader is a visitor. */
  contactPhone: string | null;
  /** The full introduction. */
  introductionFull: string;
  partners: { id: string; name: string; logo: string }[];
  /** Segments of industry chains the enterprise placed itself in. */
  segments: { chainId: string; chainName: string; stage: 0 | 1 | 2; segmentName: string }[];
  /** The portal user id to chat with: the enterprise's own account. */
  contactUserId: string;
}

/** `GET /portal/cluster/list` row: an enterprise cluster (产业集群), platform content. */
export interface Cluster {
  id: string;
  name: string;
  region: string;
  cover: string;
  summary: string;
  memberCount: number;
}

/** `GET /portal/cluster/{id}`. */
export interface ClusterDetail extends Cluster {
  introduction: string;
  members: EnterpriseCard[];
}

/** 'news' shows on /news-detail, 'release' (新品发布) on /publish-detail. */
export type ArticleKind = 'news' | 'release';

/** `GET /portal/article/list?kind&pageNum&pageSize` row. */
export interface ArticleSummary {
  id: string;
  kind: ArticleKind;
  title: string;
  summary: string;
  cover: string;
  source: string;
  /** For a release: the enterprise and the ability it launches, when linked. */
  ownerId: string | null;
  enterpriseName: string;
  productId: string | null;
  publishedAt: number;
  viewCount: number;
}

/** `GET /portal/article/{id}`: reading counts a view. */
export interface ArticleDetail extends ArticleSummary {
  /** Sanitised HTML. */
  content: string;
}

/** `GET /portal/expert/list?field&keyword&pageNum&pageSize` row. */
export interface ExpertSummary {
  id: string;
  name: string;
  title: string;
  organisation: string;
  field: string;
  avatar: string;
  summary: string;
}

/** `GET /portal/expert/{id}`. Contact details only for a logged-in reader (null for a visitor). */
export interface ExpertDetail extends ExpertSummary {
  introduction: string;
  achievements: string[];
  contact: { phone: string; email: string } | null;
  /** The expert's portal account, when they have one: the reader may chat with them. */
  userId: string | null;
}

/** `GET /portal/home`: everything the home page shows, in one call. */
export interface HomeData {
  banners: { id: string; title: string; image: string; link: string }[];
  featuredAbilities: PublicAbility[];
  clusters: Cluster[];
  releases: ArticleSummary[];
  news: ArticleSummary[];
  experts: ExpertSummary[];
  chains: { id: string; name: string; segmentCount: number; memberCount: number }[];
  figures: PlatformFigures;
}

/** Counted from rows. */
export interface PlatformFigures {
  enterprises: number;
  abilities: number;
  cooperations: number;
  experts: number;
}

/** `GET /portal/match/operations`: the 撮合运营 page: open needs and agreed cooperation. */
export interface MatchOperations {
  openNeeds: {
    id: string;
    title: string;
    content: string;
    categoryName: string;
    enterpriseName: string;
    ownerId: string;
    createdAt: number;
  }[];
  recentMatches: {
    productName: string;
    productId: string;
    fromEnterprise: string;
    toEnterprise: string;
    agreedAt: number;
  }[];
  figures: { openNeeds: number; agreedThisMonth: number; agreedTotal: number };
}

/**
 * Limits of the administrators' forms for the platform's content (`/portal/admin/…`): the server
 * refuses past them and the admin screen's forms say so before sending.
 */
export const CONTENT_LIMITS = {
  articleTitle: 60,
  summary: 200,
  /** Characters of sanitised HTML. */
  articleContent: 50_000,
  source: 50,
  expertName: 30,
  expertTitle: 50,
  organisation: 100,
  field: 30,
  introduction: 2000,
  achievements: 20,
  achievement: 200,
  clusterName: 50,
  region: 50,
  clusterMembers: 200,
  phone: 20,
  email: 100,
  sortOrderMax: 9999,
} as const;

/** `POST /portal/admin/article`, `PUT …/{id}` body. Pictures are '' or an uploaded public file name. */
export interface ArticleForm {
  kind: ArticleKind;
  title: string;
  summary: string;
  /** HTML, kept to the abilities' allow-list. */
  content: string;
  cover: string;
  source: string;
  /** A release's enterprise; derived from `productId` when that is given. */
  ownerId: string | null;
  productId: string | null;
  /** ms; absent: now. */
  publishedAt?: number;
}

/** `GET /portal/admin/article/{id}`: an article as its form edits it (no view is counted). */
export interface AdminArticle extends ArticleForm {
  id: string;
  publishedAt: number;
  /** The linked ability's name, '' when none. */
  productName: string;
}

/** `POST /portal/admin/expert`, `PUT …/{id}` body. */
export interface ExpertForm {
  name: string;
  title: string;
  organisation: string;
  field: string;
  avatar: string;
  summary: string;
  introduction: string;
  achievements: string[];
  phone: string;
  email: string;
  /** The expert's own portal account, if any. */
  userId: string | null;
  sortOrder: number;
}

/** `GET /portal/admin/expert/{id}`. */
export interface AdminExpert extends ExpertForm {
  id: string;
}

/** `POST /portal/admin/cluster`, `PUT …/{id}` body (members replaced). */
export interface ClusterForm {
  name: string;
  region: string;
  cover: string;
  summary: string;
  introduction: string;
  sortOrder: number;
  /** User IDs of public enterprises. */
  memberIds: string[];
}

/** `GET /portal/admin/cluster/{id}`: the members are the public enterprises, the only ones a save keeps. */
export interface AdminCluster extends ClusterForm {
  id: string;
  members: { userId: string; enterpriseName: string }[];
}
