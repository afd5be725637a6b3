import type { PermissionSet } from '../api/types';

/** Spec §6: this role passes every role check. */
export const SUPER_ROLE = 'admin';
/** Spec §6: this permission passes every permission check. */
export const ALL_PERMISSIONS = '*:*:*';

/** At least one value: an empty requirement is a mistake, not "allow everyone". */
export type Required = readonly [string, ...string[]];

/** True when the user has any of the roles (or the super role). */
export function hasRole(required: Required, granted: PermissionSet): boolean {
  return granted.roles.some((role) => role === SUPER_ROLE || required.includes(role));
}

/** True when the user has any of the permissions (or all of them). */
export function hasPermi(required: Required, granted: PermissionSet): boolean {
  return granted.permissions.some((permission) => permission === ALL_PERMISSIONS || required.includes(permission));
}
