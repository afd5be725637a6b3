/**
 * COPY … FROM STDIN through a `pg` client, without another package: a Submittable (the interface
 * pg-cursor and pg-query-stream use) that sends the rows in CopyData messages, waiting for the
 * socket to drain, and settles on the server's ReadyForQuery. Plus the text-format encoding of
 * the values the history bench stores (bench/history-corpus.ts).
 */
import { once } from 'node:events';
import type pg from 'pg';

/**
 * Streams `lines` (COPY text format, each ending in a newline; joined into larger chunks here)
 * into `statement` (`COPY table (columns) FROM STDIN …`). Resolves with the rows the server
 * copied; rejects with its error, or with the source's after telling the server the copy failed.
 */
export function copyFrom(client: pg.Client, statement: string, lines: Iterable<string>): Promise<number> {
  const copy = new CopyIn(statement, lines);
  client.query(copy);
  return copy.done;
}

/** One value in COPY's text format: null as \N; backslash, tab, newline and carriage return escaped. */
export function copyField(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  return value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c] as string);
}

/**
 * A storedTokens value (tokens joined by spaces; apps/server/src/im/messages/searchable-text.ts)
 * as tsvector input: each token quoted, quotes and backslashes doubled. The database makes of it
 * what tokensSql makes of the same value (lexemes without positions, sorted, distinct).
 */
export function tsvectorText(storedTokens: string): string {
  if (storedTokens === '') return '';
  return storedTokens
    .split(' ')
    .map((token) => `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`)
    .join(' ');
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** Lines are joined into CopyData messages of about this many characters. */
const CHUNK_CHARS = 256 * 1024;

/** What pg's Connection has for COPY beyond its published types. */
interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
  stream: NodeJS.WritableStream & { writableNeedDrain?: boolean };
}

class CopyIn implements pg.Submittable {
  readonly done: Promise<number>;
  private resolve: (rows: number) => void = () => undefined;
  private reject: (err: Error) => void = () => undefined;
  private error: Error | null = null;
  private rows = 0;

  constructor(
    private readonly statement: string,
    private readonly lines: Iterable<string>,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: pg.Connection): void {
    (connection as unknown as CopyConnection).query(this.statement);
  }

  handleCopyInResponse(connection: CopyConnection): void {
    void this.send(connection);
  }

  handleCommandComplete(message: { text?: string }): void {
    this.rows = Number(/^COPY (\d+)/.exec(message.text ?? '')?.[1] ?? 0);
  }

  handleError(err: Error): void {
    this.error ??= err;
  }

  handleReadyForQuery(): void {
    if (this.error) this.reject(this.error);
    else this.resolve(this.rows);
  }

  // pg calls these for any query; a COPY FROM STDIN has no rows to describe.
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}

  private async send(connection: CopyConnection): Promise<void> {
    try {
      let chunk = '';
      for (const line of this.lines) {
        // After an error the server ignores the rest; stop making it.
        if (this.error) return;
        chunk += line;
        if (chunk.length < CHUNK_CHARS) continue;
        connection.sendCopyFromChunk(Buffer.from(chunk));
        chunk = '';
        if (connection.stream.writableNeedDrain) await once(connection.stream, 'drain');
      }
      if (chunk) connection.sendCopyFromChunk(Buffer.from(chunk));
      connection.endCopyFrom();
    } catch (err) {
      this.error ??= err as Error;
      connection.sendCopyFail(String((err as Error).message ?? err));
    }
  }
}
