import { findEmoji } from './basic-emoji';

/** A piece of message text: plain text or a known emoji tag (spec chat.md §3 "rendered as parts"). */
export type TextPart = { type: 'text'; text: string } | { type: 'emoji'; key: string; name: string; src: string };

/** What a text message renders from: parts, with links found in the plain text. */
export type TextToken = TextPart | { type: 'link'; text: string; href: string };

/** Schemes a link may have; anything else (javascript:, data:, vbscript:, file:…) stays plain text. */
export const LINK_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);

/**
 * Splits message text into plain text and emoji. `[TUIEmoji_Smile]` and the other basic tags
 * become emoji; any other bracketed text (`[not an emoji]`) stays as it is.
 */
export function parseTextParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plainStart = 0;
  for (const match of text.matchAll(TAG)) {
    const emoji = findEmoji(match[0]);
    if (!emoji) continue;
    pushText(parts, text.slice(plainStart, match.index));
    parts.push({ type: 'emoji', key: emoji.key, name: emoji.name, src: emoji.src });
    plainStart = match.index + match[0].length;
  }
  pushText(parts, text.slice(plainStart));
  return parts;
}

/** Finds http, https and mailto links inside the plain-text parts; emoji parts pass through. */
export function tokenize(parts: readonly TextPart[]): TextToken[] {
  const tokens: TextToken[] = [];
  for (const part of parts) {
    if (part.type !== 'text') {
      tokens.push(part);
      continue;
    }
    let plainStart = 0;
    for (const match of part.text.matchAll(LINK)) {
      const raw = trimTrailingPunctuation(match[0]);
      const href = safeHref(raw);
      if (!href) continue;
      pushText(tokens, part.text.slice(plainStart, match.index));
      tokens.push({ type: 'link', text: raw, href });
      plainStart = match.index + raw.length;
    }
    pushText(tokens, part.text.slice(plainStart));
  }
  return tokens;
}

/** parseTextParts then tokenize: everything a text bubble needs. */
export function tokenizeText(text: string): TextToken[] {
  return tokenize(parseTextParts(text));
}

/** The URL to put in an href, or null when the text is not an allowed, well-formed link. */
export function safeHref(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (!LINK_PROTOCOLS.has(url.protocol)) return null;
  if (url.protocol !== 'mailto:' && !url.hostname) return null;
  return url.href;
}

// Tags are short; the bound keeps a long run of brackets cheap to scan.
const TAG = /\[[^[\]\s]{1,40}\]/g;
// A link runs to the next space, quote, angle bracket, or directional control character (so a
// right-to-left override cannot hide inside a link's text).
const LINK = /\b(?:https?:\/\/|mailto:)[^\s<>"'`\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gi;

function trimTrailingPunctuation(link: string): string {
  let end = link.length;
  while (end > 0 && /[.,;:!?)\]}，。！？、]/.test(link.charAt(end - 1))) {
    // Keep a closing parenthesis that closes one opened inside the link (Wikipedia-style URLs).
    if (link.charAt(end - 1) === ')' && count(link.slice(0, end), '(') >= count(link.slice(0, end), ')')) break;
    end--;
  }
  return link.slice(0, end);
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** Appends plain text, merged into the previous part when that is plain text too. */
function pushText(into: TextToken[], text: string): void {
  if (!text) return;
  const last = into.at(-1);
  if (last?.type === 'text') {
    into[into.length - 1] = { type: 'text', text: last.text + text };
  } else {
    into.push({ type: 'text', text });
  }
}
