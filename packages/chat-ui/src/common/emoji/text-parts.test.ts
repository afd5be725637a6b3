import { describe, expect, it } from 'vitest';
import { BASIC_EMOJI, findEmoji } from './basic-emoji';
import { parseTextParts, safeHref, tokenizeText } from './text-parts';

describe('basic emoji', () => {
  it('offers the 62 basic emoji of the reference kit, each with its own tag and picture', () => {
    expect(BASIC_EMOJI).toHaveLength(62);
    expect(new Set(BASIC_EMOJI.map((e) => e.key)).size).toBe(62);
    expect(new Set(BASIC_EMOJI.map((e) => e.src)).size).toBe(62);
    // Small SVGs are inlined by the bundler; larger ones are served as files.
    for (const emoji of BASIC_EMOJI) expect(emoji.src).toMatch(/^data:image\/svg\+xml|\.svg$/);
    expect(findEmoji('[TUIEmoji_Smile]')?.name).toBe('Smile');
  });
});

describe('parseTextParts', () => {
  it('turns known emoji tags into emoji parts between the plain text', () => {
    expect(parseTextParts('hi [TUIEmoji_Smile]!').map((p) => (p.type === 'text' ? p.text : p.key))).toEqual([
      'hi ',
      '[TUIEmoji_Smile]',
      '!',
    ]);
  });

  it('keeps unknown bracketed tags as plain text', () => {
    expect(parseTextParts('[TUIEmoji_Nope] and [x]')).toEqual([{ type: 'text', text: '[TUIEmoji_Nope] and [x]' }]);
  });

  it('reads adjacent emoji and a tag nested in stray brackets', () => {
    const parts = parseTextParts('[[TUIEmoji_Ok][TUIEmoji_Ok]]');
    expect(parts.map((p) => p.type)).toEqual(['text', 'emoji', 'emoji', 'text']);
  });
});

describe('tokenize', () => {
  it('turns http, https and mailto addresses into links, leaving trailing punctuation outside', () => {
    const tokens = tokenizeText('see https://example.com/a?b=1, or mail mailto:ann@example.com.');
    expect(tokens).toEqual([
      { type: 'text', text: 'see ' },
      { type: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { type: 'text', text: ', or mail ' },
      { type: 'link', text: 'mailto:ann@example.com', href: 'mailto:ann@example.com' },
      { type: 'text', text: '.' },
    ]);
  });

  it('leaves javascript:, data: and other schemes as plain text', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:msgbox', 'file:///etc/passwd']) {
      expect(tokenizeText(text).every((t) => t.type === 'text')).toBe(true);
    }
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('http://')).toBeNull();
  });

  it('finds links next to emoji', () => {
    const tokens = tokenizeText('[TUIEmoji_Like]http://a.example/');
    expect(tokens.map((t) => t.type)).toEqual(['emoji', 'link']);
  });
});
