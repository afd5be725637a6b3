import { describe, expect, it } from 'vitest';
import { copyField, tsvectorText } from './pg-copy';

describe("COPY's text format", () => {
  it('writes null as \\N and numbers and booleans as their text', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(1_767_225_600_000)).toBe('1767225600000');
    expect(copyField(false)).toBe('false');
  });

  it('escapes backslashes, tabs, newlines and carriage returns, and leaves everything else alone', () => {
    expect(copyField('{"text":"a\\"b\\nc"}')).toBe('{"text":"a\\\\"b\\\\nc"}');
    expect(copyField('a\tb\nc\rd')).toBe('a\\tb\\nc\\rd');
    expect(copyField("报价单 PO-2026-118, 'quoted'")).toBe("报价单 PO-2026-118, 'quoted'");
  });
});

describe('stored tokens as tsvector input', () => {
  it('quotes each token and doubles quotes and backslashes inside it', () => {
    expect(tsvectorText('报 价 报价 invoice')).toBe("'报' '价' '报价' 'invoice'");
    expect(tsvectorText("o'neil a\\b")).toBe("'o''neil' 'a\\\\b'");
  });

  it('gives the empty tsvector for a text without tokens', () => {
    expect(tsvectorText('')).toBe('');
  });
});
