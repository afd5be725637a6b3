import type { Sql } from '../../db/database';
import { toNumber } from '../../db/database';
import { escapeLike } from '../../im/search/cursor';
import type { PageOf, Paging } from '../paging';

/**
 * A WHERE clause built with numbered parameters, for the public lists: plain conditions, and
 * keywords that must all match ('and'), each somewhere in a set of columns.
 */
export class SqlFilter {
  readonly params: unknown[] = [];
  private readonly conditions: string[];
  private keywordParams: string[] = [];

  constructor(...conditions: string[]) {
    this.conditions = conditions;
  }

  /** A placeholder for `value`. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  where(condition: string): this {
    this.conditions.push(condition);
    return this;
  }

  /** Every keyword is a case-insensitive substring of at least one of `columns`. */
  matchAll(keywords: readonly string[], columns: readonly string[]): this {
    this.keywordParams = keywords.map((keyword) => this.param(`%${escapeLike(keyword)}%`));
    for (const placeholder of this.keywordParams) {
      this.where(`(${columns.map((column) => like(column, placeholder)).join(' OR ')})`);
    }
    return this;
  }

  /** An ORDER BY putting first the rows with every keyword of matchAll in `column`, then `then`. */
  matchesFirst(column: string, then: string): string {
    if (this.keywordParams.length === 0) return then;
    return `(${this.keywordParams.map((p) => like(column, p)).join(' AND ')}) DESC, ${then}`;
  }

  get sql(): string {
    return this.conditions.length === 0 ? 'true' : this.conditions.join(' AND ');
  }
}

export interface PageQuery {
  /** Output columns. */
  select: string;
  /** `FROM …` with its joins. */
  from: string;
  order: string;
}

/**
 * A page of rows and the total that match, as RuoYi paging answers them. The order may use the
 * filter's placeholders, but no parameter of its own (the count runs without the order).
 */
export async function pageRows<Row>(
  db: Sql,
  filter: SqlFilter,
  query: PageQuery,
  paging: Paging,
): Promise<PageOf<Row>> {
  const [count] = await db.query<{ n: unknown }>(`SELECT count(*) AS n ${query.from} WHERE ${filter.sql}`, [
    ...filter.params,
  ]);
  const total = toNumber(count?.n);
  if (paging.pageSize === 0 || total <= paging.offset) return { rows: [], total };
  const n = filter.params.length;
  const rows = await db.query<Row>(
    `SELECT ${query.select} ${query.from} WHERE ${filter.sql} ORDER BY ${query.order}
      LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...filter.params, paging.pageSize, paging.offset],
  );
  return { rows, total };
}

function like(column: string, placeholder: string): string {
  return `${column} ILIKE ${placeholder} ESCAPE '\\'`;
}
