/** A RuoYi-style page of a list: one page's rows and the count of all of them. */
export interface Page<T> {
  rows: T[];
  total: number;
}

export interface PageQuery {
  pageNum: number;
  pageSize: number;
}
