/** The one storage seam: PostgreSQL dialect, served by PGlite (embedded) or a PostgreSQL server. */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database extends Sql {
  /** Runs fn inside BEGIN/COMMIT; rolls back when fn throws. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly engine: 'pglite' | 'postgres';
  /** Embedded only: a consistent copy of the whole database, as a gzipped tarball of its data dir. */
  snapshot?(): Promise<Uint8Array>;
}

/** Integers from int8 columns arrive as string (pg) or bigint/number (PGlite): normalise here. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || typeof value === 'string') return Number(value);
  return 0;
}
