import { RICH_TEXT_TAGS } from '@liaison/protocol';
import { createElement, Fragment, type ReactNode } from 'react';
import './public.css';

/**
 * The markup the server's sanitiser keeps (apps/server/src/portal/abilities/rich-text.ts), rebuilt
 * as React elements: the page never hands HTML to the browser, so even a description stored
 * before the sanitiser existed cannot run a script or load a foreign picture here.
 */
const ALLOWED = new Set<string>(RICH_TEXT_TAGS);
/** Dropped with everything inside; other unknown tags keep their text. */
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math']);
const VOID = new Set(['br', 'hr', 'img']);
/** Whitespace between rows and cells is no text (React refuses it there). */
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tr']);
const LINK = /^(https?:\/\/|mailto:)/i;
/** The portal's own stored pictures, as the sanitiser keeps them. */
const OWN_PICTURE = /^\/prod-api\/profile\/upload\//;

interface RichTextProps {
  html: string;
  className?: string;
  /** Names the text as a region (e.g. 正文), for a page whose heading does not already name it. */
  label?: string;
}

/** Sanitised rich text from the server inside its own container. */
export function RichText({ html, className, label }: RichTextProps) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const classes = ['rich-text', className].filter(Boolean).join(' ');
  return label ? (
    <section className={classes} aria-label={label}>
      {childrenOf(body)}
    </section>
  ) : (
    <div className={classes}>{childrenOf(body)}</div>
  );
}

function childrenOf(parent: Element): ReactNode[] {
  const inTable = TABLE_PARTS.has(parent.tagName.toLowerCase());
  return Array.from(parent.childNodes, (node, index) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? '';
      return inTable && text.trim() === '' ? null : text;
    }
    return node.nodeType === Node.ELEMENT_NODE ? elementOf(node as Element, index) : null;
  });
}

function elementOf(element: Element, key: number): ReactNode {
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  if (!ALLOWED.has(tag)) return <Fragment key={key}>{childrenOf(element)}</Fragment>;
  const attributes = attributesOf(tag, element);
  if (tag === 'img' && !attributes.src) return null;
  const props = { key, ...attributes };
  return VOID.has(tag) ? createElement(tag, props) : createElement(tag, props, ...childrenOf(element));
}

function attributesOf(tag: string, element: Element): Record<string, string | number | undefined> {
  const read = (name: string) => element.getAttribute(name)?.trim() ?? '';
  if (tag === 'a') {
    const href = read('href');
    return LINK.test(href) ? { href, target: '_blank', rel: 'noopener noreferrer nofollow' } : {};
  }
  if (tag === 'img') {
    const src = read('src');
    return OWN_PICTURE.test(src) ? { src, alt: read('alt'), loading: 'lazy' } : {};
  }
  if (tag === 'td' || tag === 'th') {
    const span = (name: string) => {
      const n = Number(read(name));
      return Number.isInteger(n) && n > 1 && n < 100 ? n : undefined;
    };
    return { colSpan: span('colspan'), rowSpan: span('rowspan') };
  }
  return {};
}
