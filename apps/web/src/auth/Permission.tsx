import type { ReactNode } from 'react';
import { useSession } from '../session/session-store';
import { hasPermi, hasRole, type Required } from './permissions';

/** Whether the logged-in user has any of the roles (spec §6). */
export function useHasRole(required: Required): boolean {
  return hasRole(
    required,
    useSession((state) => state.permissions),
  );
}

/** Whether the logged-in user has any of the permissions (spec §6). */
export function useHasPermi(required: Required): boolean {
  return hasPermi(
    required,
    useSession((state) => state.permissions),
  );
}

interface GateProps {
  value: Required;
  children: ReactNode;
}

/** Shows its children only to users with one of the roles. */
export function HasRole({ value, children }: GateProps) {
  return useHasRole(value) ? children : null;
}

/** Shows its children only to users with one of the permissions. */
export function HasPermi({ value, children }: GateProps) {
  return useHasPermi(value) ? children : null;
}
