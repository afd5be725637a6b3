import { describe, expect, it } from 'vitest';
import { keywordProblem, keywordsOf, pageSizeOf, readSearchState } from './search-query';

const read = (search: string) => readSearchState(new URLSearchParams(search));

describe('the search address', () => {
  it('reads the keywords, tab and page', () => {
    expect(read('keyword=%20五轴 加工%20&type=enterprise&pageNum=2')).toEqual({
      keyword: '五轴 加工',
      type: 'enterprise',
      pageNum: 2,
    });
  });

  it('opens the all view on page 1 for a missing or unknown tab', () => {
    expect(read('type=users&pageNum=0')).toEqual({ keyword: '', type: 'all', pageNum: 1 });
  });
});

describe('keywords', () => {
  it('are separated by ordinary and full-width spaces', () => {
    expect(keywordsOf(' 冷链\u3000仓储  宁波 ')).toEqual(['冷链', '仓储', '宁波']);
  });

  it('are refused before searching when too many or too long', () => {
    expect(keywordProblem('一 二 三 四 五')).toBeNull();
    expect(keywordProblem('一 二 三 四 五 六')).toBe('最多5个关键词，请用空格分隔');
    expect(keywordProblem('链'.repeat(51))).toBe('搜索内容不能超过50个字符');
  });

  it('ask for three of each type in the all view and a page of ten in a tab', () => {
    expect(pageSizeOf('all')).toBe(3);
    expect(pageSizeOf('news')).toBe(10);
  });
});
