/**
 * A footer page's text: the operator edits the module of each page (legal-text.ts, cookie-text.ts,
 * ...) and the operator's details in operator.ts; the pages only lay the text out.
 */
export interface SiteDocument {
  title: string;
  /** When the text last changed, as readers see it (2026年1月1日). */
  updated: string;
  /** The paragraphs before the first section. */
  intro: readonly string[];
  sections: readonly SiteSection[];
}

export interface SiteSection {
  heading: string;
  paragraphs: readonly string[];
  /** A bulleted list after the paragraphs. */
  items?: readonly string[];
}
