import { request } from './client';
import type { Envelope, ImCredentials, PermissionSet, Person, Todo } from './types';

export function fetchPerson(): Promise<Envelope<Person>> {
  return request({ url: '/portal/self/center/info' });
}

/** `data` may be empty, which means the session is no good (spec §4). */
export function fetchPermissions(): Promise<Envelope<PermissionSet | null>> {
  return request({ url: '/portal/self/center/get/permission' });
}

export function fetchTodo(): Promise<Envelope<Todo>> {
  return request({ url: '/portal/self/center/personal/todo' });
}

export function fetchImCredentials(): Promise<Envelope<ImCredentials>> {
  return request({ url: '/portal/self/center/im/gen/userSig' });
}

export interface RealNameRequest {
  realName: string;
  idCard: string;
}

export function submitRealName(body: RealNameRequest): Promise<Envelope<null>> {
  return request({ url: '/portal/self/center/personal/real/name/auth', method: 'POST', data: body });
}
