/**
 * Search tokens, made here rather than by a database text parser, so that PGlite and PostgreSQL
 * index alike and Chinese works without an extension (docs/search.md):
 * - a run of CJK characters gives each character and each pair of neighbours (报价单 → 报 价 单
 *   报价 价单), so any substring of one or more characters can be looked up;
 * - a run of other letters and digits gives the lower-cased word, and when it mixes letters and
 *   digits, each letter part and digit part too (SKU12345 → sku12345 sku 12345);
 * - everything else separates tokens.
 * A keyword's last word is looked up as a prefix, every other query token exactly. Matching
 * tokens only narrow the candidates: the text itself is checked again for each keyword as a
 * substring.
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}]/u;
const PARTS = /\p{L}+|\p{N}+/gu;
/** Longer words are cut: a keyword is at most 100 characters, and its prefix still matches. */
const WORD_MAX = 100;

type Run = { kind: 'cjk' | 'word'; text: string };

function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  let current = null as Run | null;
  for (const char of text.toLowerCase()) {
    const kind = CJK.test(char) ? 'cjk' : WORD.test(char) ? 'word' : null;
    if (kind === null) {
      current = null;
      continue;
    }
    if (current?.kind === kind) current.text += char;
    else {
      current = { kind, text: char };
      runs.push(current);
    }
  }
  return runs;
}

/** The distinct tokens a stored text is indexed under. */
export function indexTokens(text: string): string[] {
  const tokens = new Set<string>();
  for (const run of runsOf(text)) {
    if (run.kind === 'cjk') {
      const chars = [...run.text];
      chars.forEach((char, i) => {
        tokens.add(char);
        if (i > 0) tokens.add(`${chars[i - 1]}${char}`);
      });
    } else {
      const word = [...run.text].slice(0, WORD_MAX).join('');
      tokens.add(word);
      const parts = word.match(PARTS) ?? [];
      if (parts.length > 1) for (const part of parts) tokens.add(part);
    }
  }
  return [...tokens];
}

export interface QueryTokens {
  /** Must be among the message's tokens. */
  exact: string[];
  /** Some token of the message must start with each. */
  prefix: string[];
}

/**
 * What a keyword needs of a message's tokens; empty when it has no letter, digit or CJK character.
 * A word followed by more of the keyword ends where the keyword's next character starts, so it is
 * a whole token; only the keyword's last word may be the start of a longer one. (Prefixes are
 * costly: 'po':* and '2026':* each read a long posting list; docs/performance.md "Search".)
 */
export function queryTokens(keyword: string): QueryTokens {
  const exact = new Set<string>();
  const prefix = new Set<string>();
  const runs = runsOf(keyword);
  runs.forEach((run, i) => {
    if (run.kind === 'cjk') {
      const chars = [...run.text];
      if (chars.length === 1) exact.add(run.text);
      for (let j = 1; j < chars.length; j++) exact.add(`${chars[j - 1]}${chars[j]}`);
      return;
    }
    const word = [...run.text].slice(0, WORD_MAX).join('');
    if (i === runs.length - 1) prefix.add(word);
    else exact.add(word);
  });
  return { exact: [...exact], prefix: [...prefix] };
}
