// @vitest-environment jsdom
import '../../test/dom';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './RichText';

function renderHtml(html: string): HTMLElement {
  const { container } = render(<RichText html={html} />);
  return container.querySelector('.rich-text') as HTMLElement;
}

function renderNamed(html: string): HTMLElement {
  render(<RichText html={html} label="正文" />);
  return screen.getByRole('region', { name: '正文' });
}

describe('RichText', () => {
  it('keeps the structure the server allows', () => {
    const box = renderHtml(
      '<h2>加工能力</h2><p>拥有 <strong>五轴</strong> 设备</p><ul><li>铝合金</li></ul>' +
        '<table><tr><th colspan="2">参数</th></tr><tr><td>精度</td><td>±0.005mm</td></tr></table>',
    );
    expect(box.querySelector('h2')?.textContent).toBe('加工能力');
    expect(box.querySelector('p strong')?.textContent).toBe('五轴');
    expect(box.querySelector('li')?.textContent).toBe('铝合金');
    expect(box.querySelector('th')?.getAttribute('colspan')).toBe('2');
    expect(box.querySelectorAll('tbody tr')).toHaveLength(2);
  });

  it('names the text as a region when told', () => {
    expect(renderNamed('<p>正文内容</p>').textContent).toBe('正文内容');
  });

  it('drops scripts, styles, frames and event handlers, keeping harmless text', () => {
    const box = renderHtml(
      '<p onclick="alert(1)">正文</p><script>alert(2)</script><style>p{}</style>' +
        '<iframe src="https://evil.example"></iframe><section>保留的文字</section>',
    );
    expect(box.innerHTML).not.toMatch(/onclick|script|style|iframe|alert|section/);
    expect(box.textContent).toBe('正文保留的文字');
  });

  it('lets links go only to the web or mail, in a new tab, and pictures only from the portal', () => {
    const box = renderHtml(
      '<a href="javascript:alert(1)">坏链接</a><a href="https://example.com/a">官网</a>' +
        '<img src="https://evil.example/x.png" alt="外部"><img src="/prod-api/profile/upload/2026/01/01/a.png" alt="产线">',
    );
    const [bad, good] = Array.from(box.querySelectorAll('a'));
    expect(bad?.hasAttribute('href')).toBe(false);
    expect(good?.getAttribute('href')).toBe('https://example.com/a');
    expect(good?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    const pictures = Array.from(box.querySelectorAll('img'));
    expect(pictures.map((img) => img.getAttribute('alt'))).toEqual(['产线']);
  });
});
