import { describe, expect, it } from 'vitest';
import { EventStreamDecoder, eventStreamData, readEventStream } from './event-stream';

describe('event stream decoder', () => {
  it('delivers each event once its blank line has come, whatever the chunks split', () => {
    const decoder = new EventStreamDecoder();
    expect(decoder.push('data: {"a":')).toEqual([]);
    expect(decoder.push('1}\n')).toEqual([]);
    expect(decoder.push('\ndata: two\n\ndata')).toEqual(['{"a":1}', 'two']);
    expect(decoder.push(': three\n\n')).toEqual(['three']);
  });

  it('takes LF, CRLF and CR line ends, also split between chunks', () => {
    const decoder = new EventStreamDecoder();
    expect(decoder.push('data: one\r')).toEqual([]);
    expect(decoder.push('\n\r\ndata: two\r\rdata: three\n\n')).toEqual(['one', 'two', 'three']);
  });

  it('joins the data lines of one event and skips comments, names and ids', () => {
    const decoder = new EventStreamDecoder();
    expect(decoder.push(': keep-alive\n\nevent: delta\nid: 7\ndata: line 1\ndata:line 2\ndata\n\n')).toEqual([
      'line 1\nline 2\n',
    ]);
  });

  it('delivers an event whose blank line never came when the stream ends', () => {
    const decoder = new EventStreamDecoder();
    expect(decoder.push('data: [DONE]')).toEqual([]);
    expect(decoder.end()).toEqual(['[DONE]']);
  });

  it('reads back what our server writes', () => {
    const payload = { type: 'delta', text: '第一行\n第二行' };
    expect(new EventStreamDecoder().push(eventStreamData(payload)).map((d) => JSON.parse(d))).toEqual([payload]);
  });
});

describe('reading an event stream', () => {
  const body = (...chunks: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });

  it('yields each event of a body, characters split between chunks included', async () => {
    const bytes = new TextEncoder().encode('data: 你好\n\n');
    const split = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 8));
        controller.enqueue(bytes.slice(8));
        controller.close();
      },
    });
    const events: string[] = [];
    for await (const data of readEventStream(split)) events.push(data);
    expect(events).toEqual(['你好']);
    const more: string[] = [];
    for await (const data of readEventStream(body('data: a\n\ndata: b'))) more.push(data);
    expect(more).toEqual(['a', 'b']);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('data: x\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const data of readEventStream(endless)) if (data === 'x') break;
    expect(cancelled).toBe(true);
  });
});
