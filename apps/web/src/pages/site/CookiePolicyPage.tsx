import { COOKIE_TEXT } from './cookie-text';
import { SiteDocumentPage } from './SiteDocumentPage';

/** /cookie-policy Cookie政策. */
export function CookiePolicyPage() {
  return <SiteDocumentPage doc={COOKIE_TEXT} />;
}
