import { useEffect } from 'react';
import { type Params, useMatches } from 'react-router';
import { SITE_NAME } from '../base/site';

/** A route's page title: fixed, or made from its parameters. */
export type RouteTitle = string | ((params: Params) => string);

export interface RouteHandle {
  title: RouteTitle;
}

/** Spec §2: Chinese page titles, from the deepest route that names one. */
export function useDocumentTitle(): void {
  const matches = useMatches();
  const titled = matches.findLast((match) => isRouteHandle(match.handle));
  const handle = titled?.handle;
  const title = isRouteHandle(handle)
    ? typeof handle.title === 'function'
      ? handle.title(titled?.params ?? {})
      : handle.title
    : '';
  useEffect(() => {
    document.title = title ? `${title} - ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  if (typeof handle !== 'object' || handle === null || !('title' in handle)) return false;
  return typeof handle.title === 'string' || typeof handle.title === 'function';
}
