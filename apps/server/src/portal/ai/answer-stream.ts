import { type AiMessageState, type AiStreamEvent, eventStreamData } from '@liaison/protocol';
import type { FastifyReply } from 'fastify';
import type { Sql } from '../../db/database';
import { ProviderError } from '../../im/translation/providers';
import type { ChatModel, ChatTurn } from './chat-model';
import { finishMessage } from './conversations';

/** An answer is cut here: enough for any reply a person reads, and a bound on what one row stores. */
export const ANSWER_MAX_CHARS = 20_000;

export interface AnswerJob {
  model: ChatModel;
  turns: ChatTurn[];
  start: Extract<AiStreamEvent, { type: 'start' }>;
  db: Sql;
  /** The model service failed (its message is shown to the user too). */
  onFailure(failure: string): void;
  /** Something of ours failed. */
  onFault(err: unknown): void;
}

/**
 * Answers as server-sent events: start, the text as it comes, then done or error. The reply is
 * taken over from Fastify (no envelope, no serialiser); closing the request stops the model and
 * keeps what came so far as 'stopped'. The answer's row is finished whatever happens.
 */
export async function streamAnswer(reply: FastifyReply, job: AnswerJob): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // Proxies (nginx) must pass each event on at once.
    'x-accel-buffering': 'no',
  });
  const send = (event: AiStreamEvent) => {
    if (!res.writableEnded && !res.destroyed) res.write(eventStreamData(event));
  };
  const stop = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) stop.abort();
  });
  send(job.start);

  let text = '';
  let failure: string | null = null;
  try {
    for await (const piece of job.model.stream(job.turns, stop.signal)) {
      // NUL is the one character PostgreSQL text cannot hold.
      const clean = piece.replaceAll('\u0000', '');
      if (text.length + clean.length > ANSWER_MAX_CHARS) break;
      text += clean;
      if (clean) send({ type: 'delta', text: clean });
    }
  } catch (err) {
    if (err instanceof ProviderError) {
      failure = err.message;
      job.onFailure(failure);
    } else {
      failure = '回答中断';
      job.onFault(err);
    }
  }
  const state: AiMessageState = stop.signal.aborted
    ? text
      ? 'stopped'
      : 'error'
    : failure === null
      ? 'done'
      : 'error';
  try {
    await finishMessage(job.db, job.start.assistantMessageId, text, state);
  } catch (err) {
    job.onFault(err);
  }
  if (failure === null) send({ type: 'done', state });
  else send({ type: 'error', code: 500, msg: `AI服务暂时不可用：${failure}` });
  res.end();
}
