/**
 * Server-sent events, as far as the AI assistant needs them (the HTML living standard's
 * "event stream" format): text arrives in chunks that may split a line anywhere; lines end in
 * LF, CRLF or CR; `data:` lines of one event are joined with LF and a blank line ends the event;
 * `:` lines are comments. Event names and ids are not used here and are skipped.
 */
export class EventStreamDecoder {
  private buffer = '';
  private data: string[] = [];
  /** A chunk ended in CR: a LF at the start of the next one belongs to that line end. */
  private afterCr = false;

  /** The data of every event the chunk completes, in order. */
  push(chunk: string): string[] {
    let text = chunk;
    if (this.afterCr && text.startsWith('\n')) text = text.slice(1);
    this.afterCr = text.endsWith('\r');
    const lines = (this.buffer + text).split(/\r\n|\r|\n/);
    this.buffer = lines.pop() ?? '';
    const events: string[] = [];
    for (const line of lines) {
      if (line === '') {
        if (this.data.length > 0) events.push(this.data.join('\n'));
        this.data = [];
      } else if (line.startsWith('data:')) {
        this.data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      } else if (line === 'data') {
        this.data.push('');
      }
    }
    return events;
  }

  /** The stream ended: an event whose blank line never came is still delivered. */
  end(): string[] {
    const events = this.push('\n\n');
    this.buffer = '';
    return events;
  }
}

/**
 * The data of each event of a response body, as it arrives. Leaving the loop early cancels the
 * body, so the connection is not kept reading.
 */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<string, void, undefined> {
  const reader = body.getReader();
  const decoder = new EventStreamDecoder();
  const text = new TextDecoder();
  let isDone = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        isDone = true;
        yield* decoder.end();
        return;
      }
      yield* decoder.push(text.decode(value, { stream: true }));
    }
  } finally {
    if (!isDone) await reader.cancel().catch(() => undefined);
  }
}

/** One event as our server writes it: a single `data:` line (JSON has no raw line breaks). */
export function eventStreamData(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}
