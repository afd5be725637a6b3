// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { BASIC_EMOJI } from '../../common/emoji/basic-emoji';
import { createKitI18n } from '../../i18n';
import { MessageText } from './MessageText';

afterEach(cleanup);

const ALLOWED_TAGS = new Set(['BDI', 'SPAN', 'IMG', 'A']);
const EMOJI_SOURCES = new Set(BASIC_EMOJI.map((e) => e.src));

const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script><iframe src="javascript:alert(1)"></iframe>',
  'javascript:alert(1)',
  'click JAVASCRIPT:alert(document.cookie) now',
  '[javascript:alert(1)](javascript:alert(1))',
  'http://example.com/"onmouseover="alert(1)',
  'https://example.com/<svg/onload=alert(1)>',
  'safe \u202Egnp.exe http://evil.example/\u202Etxt.exe',
  '[TUIEmoji_Smile" onerror="alert(1)]',
  '&lt;b&gt;not bold&lt;/b&gt; <b>not bold</b>',
  '[TUIEmoji_Smile]'.repeat(768), // 12 KB of emoji
];

describe('MessageText with hostile input', () => {
  it.each(HOSTILE.map((text) => [text.slice(0, 40), text]))('renders %s as text only', (_label, text) => {
    const { container } = render(<MessageText text={text} />);
    for (const element of Array.from(container.querySelectorAll('*'))) {
      expect(ALLOWED_TAGS.has(element.tagName)).toBe(true);
      for (const attribute of Array.from(element.attributes)) {
        expect(attribute.name.startsWith('on')).toBe(false);
        expect(attribute.value.toLowerCase()).not.toContain('javascript:');
      }
      if (element.tagName === 'A') expect(element.getAttribute('href')).toMatch(/^(https?:\/\/|mailto:)/);
      if (element.tagName === 'IMG') expect(EMOJI_SOURCES.has(element.getAttribute('src') ?? '')).toBe(true);
    }
    // Every character the user typed is still there, as text or as an emoji's tag.
    const shown = Array.from(container.querySelectorAll('span, a, img'))
      .map((node) => (node.tagName === 'IMG' ? node.getAttribute('alt') : node.textContent))
      .join('');
    expect(shown).toBe(text);
  });

  it('shows 12 KB of emoji as 768 pictures', () => {
    const { container } = render(<MessageText text={'[TUIEmoji_Smile]'.repeat(768)} />);
    expect(container.querySelectorAll('img.lc-emoji')).toHaveLength(768);
  });

  it('keeps a right-to-left override out of links and inside an isolated, auto-direction bubble', () => {
    const { container } = render(<MessageText text={'x \u202Ehttp://evil.example/\u202Etxt.exe'} />);
    const root = container.firstElementChild;
    expect(root?.tagName).toBe('BDI');
    expect(root?.getAttribute('dir')).toBe('auto');
    for (const link of Array.from(container.querySelectorAll('a')))
      expect(link.textContent).not.toMatch(/[\u202A-\u202E]/);
  });

  it('opens links in a new tab without giving the page a handle on the opener', () => {
    const { getByRole } = render(<MessageText text="see https://example.com" />);
    const link = getByRole('link');
    expect(link.getAttribute('href')).toBe('https://example.com/');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});

describe('MessageText emoji', () => {
  it('names an emoji in the UI language in its tooltip', () => {
    const i18n = createKitI18n('zh-CN');
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <MessageText text="好 [TUIEmoji_Smile]" />
      </I18nextProvider>,
    );
    expect(container.querySelector('img')?.getAttribute('title')).toBe('微笑');
  });
});
