import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface SiteLinkProps {
  /** A path of this site ('/…'), an http(s) address, or '' for none. */
  href: string;
  className?: string;
  children: ReactNode;
}

/**
 * A link the server configured (an advertisement's, say): the router for the portal's own
 * paths, a new tab for another site, plain content when there is no link or it is anything else.
 */
export function SiteLink({ href, className, children }: SiteLinkProps) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link className={className} to={href}>
        {children}
      </Link>
    );
  }
  if (/^https?:\/\//i.test(href)) {
    return (
      <a className={className} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return <div className={className}>{children}</div>;
}
