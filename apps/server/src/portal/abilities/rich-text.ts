import { RICH_TEXT_TAGS } from '@liaison/protocol';
import sanitizeHtml from 'sanitize-html';

/**
 * The only markup an ability's description keeps (docs/portal-api.md "Abilities"): text structure,
 * links to http, https and mailto, tables, and pictures stored by this portal's own upload.
 * Everything else — scripts, styles, event handlers, frames, foreign images — is dropped; the
 * web app renders what is stored, so this is the one place that decides what runs in a reader's page.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** A public file `common/upload` stored, addressed the way the web app shows it. */
const OWN_UPLOAD = /^\/prod-api\/profile\/upload\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\.(png|jpg|gif|svg)$/;
const LINK = /^(https?:\/\/|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? '';
      // A link that goes anywhere else (relative, javascript:, data:) keeps its text, loses its target.
      if (!LINK.test(href)) return { tagName, attribs: {} };
      return { tagName, attribs: { href, target: '_blank', rel: 'noopener noreferrer nofollow' } };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_UPLOAD.test(frame.attribs.src ?? ''),
};
