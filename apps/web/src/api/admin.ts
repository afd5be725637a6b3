import type {
  Advertisement,
  AdvertisementForm,
  AdvertisementSlot,
  BetaApplication,
  BetaReview,
  EducationVideo,
  EducationVideoForm,
  EnterpriseApplication,
  PublicAdvertisement,
  ReviewDecision,
  ReviewStatus,
} from '@liaison/protocol';
import { request } from './client';
import type { Page } from './page';
import type { Envelope } from './types';

/** Platform administration (reviews) and the platform's content (docs/portal-api.md). */
export interface ReviewQuery {
  status?: ReviewStatus | undefined;
  keyword?: string | undefined;
  pageNum: number;
  pageSize: number;
}

export function fetchBetaApplications(query: ReviewQuery): Promise<Envelope<Page<BetaApplication>>> {
  return request({ url: '/system/review/beta', params: { ...query } });
}

export function decideBeta(userId: string, decision: ReviewDecision): Promise<Envelope<null>> {
  return request({ url: `/system/review/beta/${encodeURIComponent(userId)}`, method: 'POST', data: decision });
}

export function fetchEnterpriseApplications(query: ReviewQuery): Promise<Envelope<Page<EnterpriseApplication>>> {
  return request({ url: '/system/review/enterprise', params: { ...query } });
}

export function decideEnterprise(userId: string, decision: ReviewDecision): Promise<Envelope<null>> {
  return request({ url: `/system/review/enterprise/${encodeURIComponent(userId)}`, method: 'POST', data: decision });
}

/** The applicant's own beta review (why it was rejected). */
export function fetchBetaReview(): Promise<Envelope<BetaReview>> {
  return request({ url: '/portal/supply/chain/beta/review' });
}

export function fetchPublicAdvertisements(slot?: AdvertisementSlot): Promise<Envelope<PublicAdvertisement[]>> {
  return request({ url: '/portal/home/manager/advertisement', params: { slot }, isToken: false });
}

export interface AdvertisementQuery {
  slot?: AdvertisementSlot | undefined;
  title?: string | undefined;
  pageNum: number;
  pageSize: number;
}

export function fetchAdvertisements(query: AdvertisementQuery): Promise<Envelope<Page<Advertisement>>> {
  return request({ url: '/system/advertisement/list', params: { ...query } });
}

export function createAdvertisement(form: AdvertisementForm): Promise<Envelope<Advertisement>> {
  return request({ url: '/system/advertisement', method: 'POST', data: form });
}

export function updateAdvertisement(id: string, form: AdvertisementForm): Promise<Envelope<Advertisement>> {
  return request({ url: `/system/advertisement/${id}`, method: 'PUT', data: form });
}

export function setAdvertisementEnabled(id: string, enabled: boolean): Promise<Envelope<null>> {
  return request({ url: `/system/advertisement/${id}/status`, method: 'PUT', data: { enabled } });
}

export function deleteAdvertisement(id: string): Promise<Envelope<null>> {
  return request({ url: `/system/advertisement/${id}`, method: 'DELETE' });
}

export interface VideoQuery {
  title?: string | undefined;
  pageNum: number;
  pageSize: number;
}

/** Any logged-in user: the education videos. */
export function fetchEducationVideos(query: VideoQuery): Promise<Envelope<Page<EducationVideo>>> {
  return request({ url: '/portal/self/center/education/video', params: { ...query } });
}

export function fetchAdminVideos(query: VideoQuery): Promise<Envelope<Page<EducationVideo>>> {
  return request({ url: '/system/education/video/list', params: { ...query } });
}

export function createVideo(form: EducationVideoForm): Promise<Envelope<EducationVideo>> {
  return request({ url: '/system/education/video', method: 'POST', data: form });
}

export function updateVideo(id: string, form: EducationVideoForm): Promise<Envelope<EducationVideo>> {
  return request({ url: `/system/education/video/${id}`, method: 'PUT', data: form });
}

export function deleteVideo(id: string): Promise<Envelope<null>> {
  return request({ url: `/system/education/video/${id}`, method: 'DELETE' });
}
