import { describe, expect, it } from 'vitest';
import { hasPermi, hasRole } from './permissions';

describe('hasRole', () => {
  it('passes a user with one of the roles', () => {
    expect(hasRole(['editor', 'auditor'], { roles: ['common', 'auditor'], permissions: [] })).toBe(true);
  });

  it('refuses a user with none of them', () => {
    expect(hasRole(['editor'], { roles: ['common'], permissions: [] })).toBe(false);
  });

  it('passes an admin whatever is asked', () => {
    expect(hasRole(['editor'], { roles: ['admin'], permissions: [] })).toBe(true);
  });

  it('does not take the all-permissions wildcard as a role', () => {
    expect(hasRole(['editor'], { roles: ['common'], permissions: ['*:*:*'] })).toBe(false);
  });
});

describe('hasPermi', () => {
  it('passes a user with one of the permissions', () => {
    expect(hasPermi(['supply:product:add'], { roles: [], permissions: ['supply:product:add'] })).toBe(true);
  });

  it('refuses a user with none of them', () => {
    expect(hasPermi(['supply:product:add'], { roles: [], permissions: ['supply:product:list'] })).toBe(false);
  });

  it('passes the all-permissions wildcard whatever is asked', () => {
    expect(hasPermi(['supply:product:add'], { roles: [], permissions: ['*:*:*'] })).toBe(true);
  });

  it('does not take the admin role as a permission', () => {
    expect(hasPermi(['supply:product:add'], { roles: ['admin'], permissions: [] })).toBe(false);
  });
});
