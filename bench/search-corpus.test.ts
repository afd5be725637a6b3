import { describe, expect, it } from 'vitest';
import { buildCorpus, type CorpusMessage, messageBatches, messagesInTimeOrder } from './search-corpus';

const settings = { messages: 5_000, c2c: 300, groups: 10, measured: 3, seed: 7, pool: 500 };

describe('the corpus messages one at a time', () => {
  it('are the rows messageBatches gives, in the same order', () => {
    const corpus = buildCorpus(settings);
    const batched: CorpusMessage[] = [];
    for (const b of messageBatches(corpus, settings.seed, 1_000)) {
      b.seq.forEach((seq, i) => {
        batched.push({
          convKey: b.convKey[i] as string,
          seq,
          id: b.id[i] as string,
          convType: b.convType[i] as string,
          sender: b.sender[i] as string,
          recipient: b.recipient[i] as string,
          type: b.type[i] as string,
          payload: b.payload[i] as string,
          time: b.time[i] as number,
        });
      });
    }
    expect([...messagesInTimeOrder(corpus, settings.seed)]).toEqual(batched);
    expect(batched).toHaveLength(settings.messages);
  });

  it('come in time order, each conversation in sequence order', () => {
    const corpus = buildCorpus(settings);
    const lastSeq = new Map<string, number>();
    let lastTime = 0;
    for (const m of messagesInTimeOrder(corpus, settings.seed)) {
      expect(m.time).toBeGreaterThanOrEqual(lastTime);
      expect(m.seq).toBe((lastSeq.get(m.convKey) ?? 0) + 1);
      lastTime = m.time;
      lastSeq.set(m.convKey, m.seq);
    }
  });
});

describe('the corpus users', () => {
  it('are drawn from a pool of the size asked for', () => {
    const corpus = buildCorpus(settings);
    expect(corpus.users).toHaveLength(settings.pool + settings.measured);
    expect(corpus.conversations.filter((c) => c.type === 'C2C')).toHaveLength(settings.c2c);
  });
});
