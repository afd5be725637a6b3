import type { Person } from '../api/types';
import type { Viewer } from './guards';

/** A registered person who has verified nothing and never applied for the beta; for guard tests. */
export function testPerson(overrides: Partial<Person> = {}): Person {
  return {
    userId: 'u1',
    loginName: 'u1',
    nickName: 'u1',
    mobile: '138****0001',
    avatar: '',
    userType: 0,
    status: 0,
    realPersonAuthStatus: 0,
    realName: '',
    betaStatus: null,
    aiStatus: false,
    enterprise: null,
    accountKind: 'person',
    enterpriseName: '',
    ...overrides,
  };
}

export const VISITOR: Viewer = { loginStatus: false, person: null };

export function loggedIn(overrides: Partial<Person> = {}): Viewer {
  return { loginStatus: true, person: testPerson(overrides) };
}
