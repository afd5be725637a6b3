import type { Person } from '../api/types';

export const PERSON_AUTH_PATH = '/manageCenter/userCenter/person-auth';
export const ENTERPRISE_AUTH_PATH = '/manageCenter/userCenter/enterprise';
export const ABILITIES_PATH = '/manageCenter/abilities';
export const HOME_PATH = '/index';
export const MANAGE_CENTER_PATH = '/manageCenter';
export const MANAGE_HOME_PATH = '/manageCenter/home';
export const MESSAGE_CENTER_PATH = '/manageCenter/message';

/** Spec §4: pages open to logged-in users without the beta. */
const OPEN_WITHOUT_BETA = new Set([HOME_PATH, PERSON_AUTH_PATH, ENTERPRISE_AUTH_PATH, ABILITIES_PATH]);
/** Spec §4: pages the beta or the AI permission opens. */
const AI_GATED = new Set(['/search', '/supplyDetail', '/companyMainPage', '/ai']);

export interface Viewer {
  loginStatus: boolean;
  person: Person | null;
}

/**
 * What to do with a navigation: let it through; keep the address but ask the visitor to log in
 * first (the page opens after the login's reload); or send the user elsewhere and open a modal.
 */
export type RouteDecision =
  | { kind: 'allow' }
  | { kind: 'login' }
  | { kind: 'redirect'; to: string; open?: 'login' | 'beta' };

const ALLOW: RouteDecision = { kind: 'allow' };

/**
 * The route guard of spec §4 and §6. Visitors browse freely except the management centre (sent
 * home) and the pages that need login (asked to log in where they are); logged-in users need the
 * beta (or, on the AI pages, the AI permission) beyond the few open pages. `/manageCenter`
 * itself leads each logged-in user to the page their verification state calls for.
 */
export function decideRoute(rawPath: string, viewer: Viewer): RouteDecision {
  const path = normalizePath(rawPath);
  if (!viewer.loginStatus) {
    if (isManageCenter(path)) return { kind: 'redirect', to: HOME_PATH, open: 'login' };
    return AI_GATED.has(path) ? { kind: 'login' } : ALLOW;
  }
  const entry = manageCenterEntry(viewer.person);
  if (path === MANAGE_CENTER_PATH) return { kind: 'redirect', to: entry };
  // Typed or bookmarked, the page /manageCenter opens on leads to verification as /manageCenter does.
  if (path === MANAGE_HOME_PATH && isVerificationPath(entry)) return { kind: 'redirect', to: entry };
  if (OPEN_WITHOUT_BETA.has(path)) return ALLOW;
  const person = viewer.person;
  const permitted = AI_GATED.has(path) ? Boolean(person?.betaStatus || person?.aiStatus) : Boolean(person?.betaStatus);
  return permitted ? ALLOW : { kind: 'redirect', to: HOME_PATH, open: 'beta' };
}

/**
 * Where the management centre opens (spec §4 start-up rules): real-name verification first,
 * then enterprise verification, then the abilities of an approved enterprise. A platform
 * administrator opens on its platform board, a sub-account on the abilities it manages: neither
 * has anything to verify.
 */
export function manageCenterEntry(person: Person | null): string {
  if (!person || person.accountKind === 'admin') return MANAGE_HOME_PATH;
  if (person.accountKind === 'subaccount') return ABILITIES_PATH;
  if (person.realPersonAuthStatus !== 1) return PERSON_AUTH_PATH;
  // The API turns userType 0 into 1 on real-name verification, so a verified person who is
  // not yet an approved enterprise (userType 1, or 2 pending/rejected) belongs on the enterprise menu.
  if (!isApprovedEnterprise(person)) return ENTERPRISE_AUTH_PATH;
  return ABILITIES_PATH;
}

export type VerificationPrompt = 'real-name' | 'enterprise';

/** Spec §4: the confirm prompt a logged-in user gets, if any. */
export function verificationPrompt(viewer: Viewer): VerificationPrompt | null {
  const person = viewer.person;
  if (!viewer.loginStatus || !person || !asksToVerify(person)) return null;
  if (person.realPersonAuthStatus !== 1) return 'real-name';
  if (person.userType !== 2) return 'enterprise';
  return null;
}

/** A platform administrator reviews verifications, and a sub-account's is its enterprise's. */
export function asksToVerify(person: Person): boolean {
  return person.accountKind !== 'admin' && person.accountKind !== 'subaccount';
}

function isVerificationPath(path: string): boolean {
  return path === PERSON_AUTH_PATH || path === ENTERPRISE_AUTH_PATH;
}

export function isApprovedEnterprise(person: Person): boolean {
  return person.userType === 2 && person.status === 1;
}

export function isManageCenter(path: string): boolean {
  return path === MANAGE_CENTER_PATH || path.startsWith(`${MANAGE_CENTER_PATH}/`);
}

function normalizePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
