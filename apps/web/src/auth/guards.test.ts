import { describe, expect, it } from 'vitest';
import { decideRoute, manageCenterEntry, verificationPrompt } from './guards';
import { loggedIn, testPerson as person, VISITOR as visitor } from './test-viewers';

const approvedEnterprise = { realPersonAuthStatus: 1, userType: 2, status: 1 } as const;

describe('decideRoute for visitors', () => {
  it.each(['/index', '/supply', '/industry', '/newRelease', '/expert', '/goodStore'])(
    'lets a visitor browse %s',
    (path) => {
      expect(decideRoute(path, visitor)).toEqual({ kind: 'allow' });
    },
  );

  it.each(['/search', '/ai', '/supplyDetail', '/companyMainPage', '/search/'])(
    'asks a visitor on %s to log in where they are',
    (path) => {
      expect(decideRoute(path, visitor)).toEqual({ kind: 'login' });
    },
  );

  it.each(['/manageCenter', '/manageCenter/home', '/manageCenter/message', '/manageCenter/userCenter/person-auth'])(
    'sends a visitor on %s home with the login modal',
    (path) => {
      expect(decideRoute(path, visitor)).toEqual({ kind: 'redirect', to: '/index', open: 'login' });
    },
  );
});

describe('decideRoute for logged-in users', () => {
  it.each([
    '/index',
    '/manageCenter/userCenter/person-auth',
    '/manageCenter/userCenter/enterprise',
    '/manageCenter/abilities',
  ])('opens %s without the beta', (path) => {
    expect(decideRoute(path, loggedIn())).toEqual({ kind: 'allow' });
  });

  it.each(['/supply', '/industry', '/manageCenter/message', '/goodStore'])(
    'sends a user without the beta from %s home with the beta modal',
    (path) => {
      expect(decideRoute(path, loggedIn({ betaStatus: null }))).toEqual({
        kind: 'redirect',
        to: '/index',
        open: 'beta',
      });
      expect(decideRoute(path, loggedIn({ betaStatus: false }))).toEqual({
        kind: 'redirect',
        to: '/index',
        open: 'beta',
      });
    },
  );

  it.each(['/supply', '/manageCenter/message', '/ai', '/search'])('lets a beta user open %s', (path) => {
    expect(decideRoute(path, loggedIn({ betaStatus: true }))).toEqual({ kind: 'allow' });
  });

  it.each(['/search', '/supplyDetail', '/companyMainPage', '/ai'])(
    'lets the AI permission open %s without the beta',
    (path) => {
      expect(decideRoute(path, loggedIn({ aiStatus: true }))).toEqual({ kind: 'allow' });
    },
  );

  it('does not let the AI permission open pages that need the beta', () => {
    expect(decideRoute('/supply', loggedIn({ aiStatus: true }))).toEqual({
      kind: 'redirect',
      to: '/index',
      open: 'beta',
    });
  });

  it('ignores a trailing slash', () => {
    expect(decideRoute('/manageCenter/abilities/', loggedIn())).toEqual({ kind: 'allow' });
  });

  it('leads /manageCenter to the page the verification state calls for', () => {
    expect(decideRoute('/manageCenter', loggedIn())).toEqual({
      kind: 'redirect',
      to: '/manageCenter/userCenter/person-auth',
    });
    expect(decideRoute('/manageCenter/', loggedIn(approvedEnterprise))).toEqual({
      kind: 'redirect',
      to: '/manageCenter/abilities',
    });
  });
});

describe('/manageCenter/home typed or bookmarked', () => {
  it.each([
    ['without real-name verification', { realPersonAuthStatus: 0 }, '/manageCenter/userCenter/person-auth'],
    [
      'awaiting enterprise approval',
      { realPersonAuthStatus: 1, userType: 2, status: 0 },
      '/manageCenter/userCenter/enterprise',
    ],
  ] as const)('leads a user %s to verification as /manageCenter does, not to the beta wall', (_, overrides, to) => {
    for (const betaStatus of [null, false, true]) {
      expect(decideRoute('/manageCenter/home', loggedIn({ ...overrides, betaStatus }))).toEqual({
        kind: 'redirect',
        to,
      });
    }
  });

  it('opens for a beta enterprise and walls one without the beta, as every other page', () => {
    expect(decideRoute('/manageCenter/home', loggedIn({ ...approvedEnterprise, betaStatus: true }))).toEqual({
      kind: 'allow',
    });
    expect(decideRoute('/manageCenter/home', loggedIn({ ...approvedEnterprise, betaStatus: null }))).toEqual({
      kind: 'redirect',
      to: '/index',
      open: 'beta',
    });
  });
});

describe('a sub-account and the platform administrator', () => {
  // What the server answers for them: a sub-account carries its enterprise's verification and beta.
  const sub = { accountKind: 'subaccount', ...approvedEnterprise, betaStatus: true, enterpriseName: '精工' } as const;
  const admin = { accountKind: 'admin', realPersonAuthStatus: 1, userType: 1, betaStatus: true } as const;

  it('are never asked to verify a person or an enterprise', () => {
    expect(verificationPrompt(loggedIn(sub))).toBeNull();
    expect(verificationPrompt(loggedIn(admin))).toBeNull();
    expect(verificationPrompt(loggedIn({ ...admin, realPersonAuthStatus: 0, userType: 0 }))).toBeNull();
  });

  it('open the management centre on the administrator’s board and the sub-account’s abilities', () => {
    expect(manageCenterEntry(person(admin))).toBe('/manageCenter/home');
    expect(manageCenterEntry(person({ ...admin, realPersonAuthStatus: 0 }))).toBe('/manageCenter/home');
    expect(manageCenterEntry(person(sub))).toBe('/manageCenter/abilities');
    expect(decideRoute('/manageCenter/home', loggedIn(admin))).toEqual({ kind: 'allow' });
  });

  it.each(['/manageCenter/home', '/manageCenter/message', '/manageCenter/userCenter/cooperation', '/supplyDetail'])(
    'let a sub-account of a beta enterprise open %s',
    (path) => {
      expect(decideRoute(path, loggedIn(sub))).toEqual({ kind: 'allow' });
    },
  );
});

describe('manageCenterEntry', () => {
  it('asks for real-name verification first, whatever else is true', () => {
    expect(manageCenterEntry(person({ realPersonAuthStatus: 0, userType: 2, status: 1 }))).toBe(
      '/manageCenter/userCenter/person-auth',
    );
  });

  it.each([
    ['a registered account', { userType: 0 }],
    ['a verified person', { userType: 1 }],
    ['a pending enterprise', { userType: 2, status: 0 }],
    ['a rejected enterprise', { userType: 2, status: 2 }],
  ] as const)('sends %s to the enterprise menu', (_, overrides) => {
    expect(manageCenterEntry(person({ realPersonAuthStatus: 1, ...overrides }))).toBe(
      '/manageCenter/userCenter/enterprise',
    );
  });

  it('opens the abilities of an approved enterprise', () => {
    expect(manageCenterEntry(person(approvedEnterprise))).toBe('/manageCenter/abilities');
  });

  it('falls back to the management home while the person is unknown', () => {
    expect(manageCenterEntry(null)).toBe('/manageCenter/home');
  });
});

describe('verificationPrompt', () => {
  it('prompts nobody who is not logged in', () => {
    expect(verificationPrompt(visitor)).toBeNull();
  });

  it('prompts for real-name verification first', () => {
    expect(verificationPrompt(loggedIn({ realPersonAuthStatus: 0 }))).toBe('real-name');
  });

  it('prompts a verified person who is not an enterprise for enterprise verification', () => {
    expect(verificationPrompt(loggedIn({ realPersonAuthStatus: 1, userType: 1 }))).toBe('enterprise');
  });

  it('leaves enterprise users alone, approved or not', () => {
    expect(verificationPrompt(loggedIn(approvedEnterprise))).toBeNull();
    expect(verificationPrompt(loggedIn({ realPersonAuthStatus: 1, userType: 2, status: 0 }))).toBeNull();
  });
});
