import { LEGAL_TEXT } from './legal-text';
import { SiteDocumentPage } from './SiteDocumentPage';

/** /legal 法律声明. */
export function LegalPage() {
  return <SiteDocumentPage doc={LEGAL_TEXT} />;
}
