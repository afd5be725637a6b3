import { describe, expect, it } from 'vitest';
import { type PromptContext, promptToShow } from './prompts';
import { VISITOR, loggedIn as viewer } from './test-viewers';

function context(overrides: Partial<PromptContext> = {}): PromptContext {
  // A beta user unless a test says otherwise: the guard lets them stay on most pages.
  return { viewer: viewer({ betaStatus: true }), answered: [], isOtherModalOpen: false, path: '/index', ...overrides };
}

describe('promptToShow', () => {
  it('asks for real-name verification on a public page', () => {
    expect(promptToShow(context())).toBe('real-name');
  });

  it('asks no more once the prompt was answered in this login', () => {
    expect(promptToShow(context({ answered: ['real-name'] }))).toBeNull();
  });

  it('asks for enterprise verification next, even after the real-name prompt was answered', () => {
    const verified = viewer({ realPersonAuthStatus: 1, userType: 1, betaStatus: true });
    expect(promptToShow(context({ viewer: verified, answered: ['real-name'] }))).toBe('enterprise');
  });

  it('waits while the login or beta modal is open', () => {
    expect(promptToShow(context({ isOtherModalOpen: true }))).toBeNull();
  });

  it('waits on a page the guard is leaving for the beta modal', () => {
    expect(promptToShow(context({ viewer: viewer({ betaStatus: null }), path: '/supply' }))).toBeNull();
    expect(promptToShow(context({ viewer: viewer({ betaStatus: null }), path: '/index' }))).toBe('real-name');
  });

  it('leaves the management centre alone: it leads to verification by itself', () => {
    expect(promptToShow(context({ path: '/manageCenter/home' }))).toBeNull();
  });

  it('asks nobody who is not logged in', () => {
    expect(promptToShow(context({ viewer: VISITOR }))).toBeNull();
  });
});
