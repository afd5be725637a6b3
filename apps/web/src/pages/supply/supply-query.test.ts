import { describe, expect, it } from 'vitest';
import { readSupplyQuery, supplyParams, toListQuery } from './supply-query';

const read = (search: string) => readSupplyQuery(new URLSearchParams(search));

describe('the capability library address', () => {
  it('reads the tab, page, keywords and order the spec puts in the address', () => {
    expect(read('currentPage=2&activeKey=4&keyword=%20冷链 仓储%20&sort=popular')).toEqual({
      pageNum: 2,
      pageSize: 12,
      categoryId: 4,
      keyword: '冷链 仓储',
      sort: 'popular',
    });
  });

  it('falls back to the first page of every category, newest first, for a bare or mangled link', () => {
    const defaults = { pageNum: 1, pageSize: 12, categoryId: 0, keyword: '', sort: 'latest' };
    expect(read('')).toEqual(defaults);
    expect(read('currentPage=-3&activeKey=abc&sort=random')).toEqual(defaults);
    expect(read('currentPage=1.5&activeKey=2.5')).toEqual(defaults);
  });

  it('cuts a keyword longer than the server accepts', () => {
    expect(read(`keyword=${'模'.repeat(80)}`).keyword).toHaveLength(50);
  });

  it('starts a new tab, search or order on page 1 and drops empty parameters', () => {
    expect(supplyParams({ categoryId: 3 })).toEqual({ currentPage: 1, activeKey: 3 });
    expect(supplyParams({ keyword: '  ' })).toEqual({ currentPage: 1, keyword: null });
    expect(supplyParams({ sort: 'latest' })).toEqual({ currentPage: 1, sort: null });
    expect(supplyParams({ pageNum: 5 })).toEqual({ currentPage: 5 });
  });

  it('asks the server for the filter, without an empty keyword', () => {
    expect(toListQuery(read('activeKey=1&currentPage=3'))).toEqual({
      pageNum: 3,
      pageSize: 12,
      categoryId: 1,
      sort: 'latest',
    });
    expect(toListQuery(read('keyword=模具')).keyword).toBe('模具');
  });
});
