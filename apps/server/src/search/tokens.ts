/**
 * Search tokens, made here rather than by a database text parser, so that PGlite and PostgreSQL
 * index alike and Chinese works without an extension (docs/search.md):
 * - a run of CJK characters gives each character and each pair of neighbours (报价单 → 报 价 单
 *   报价 价单), so any substring of one or more characters can be looked up;
 * - a run of other letters and digits gives the lower-cased word, and when it mixes letters and
 *   digits, each letter part and digit part too (SKU12345 → sku12345 sku 12345);
 * - everything else separates tokens.
 * A query token of a word is a prefix; CJK query tokens are exact. Matching tokens only narrow
 * the candidates: the text itself is checked again for each keyword as a substring.
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

/** What a keyword needs of a message's tokens; empty when it has no letter, digit or CJK character. */
export function queryTokens(keyword: string): QueryTokens {
  const exact = new Set<string>();
  const prefix = new Set<string>();
  for (const run of runsOf(keyword)) {
    if (run.kind === 'cjk') {
      const chars = [...run.text];
      if (chars.length === 1) exact.add(run.text);
      for (let i = 1; i < chars.length; i++) exact.add(`${chars[i - 1]}${chars[i]}`);
    } else {
      prefix.add([...run.text].slice(0, WORD_MAX).join(''));
    }
  }
  return { exact: [...exact], prefix: [...prefix] };
}
