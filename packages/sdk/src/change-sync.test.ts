import { describe, expect, it } from 'vitest';
import { type ChangePage, ChangeSync } from './change-sync';

function page(changeSequence: number, isCompleted: boolean, deleted: string[] = []): ChangePage {
  return { messageList: [], deletedMessageIDList: deleted, changeSequence, isCompleted };
}

function setup(pages: Record<number, ChangePage>) {
  const asked: number[] = [];
  const delivered: ChangePage[] = [];
  const sync = new ChangeSync({
    fetchChanges: async (_id, after) => {
      asked.push(after);
      const answer = pages[after];
      if (!answer) throw new Error(`no page after ${after}`);
      return answer;
    },
    deliver: (_id, given) => delivered.push(given),
    onError: (error) => {
      throw error;
    },
  });
  return { sync, asked, delivered };
}

describe('ChangeSync', () => {
  it('asks nothing when the server’s counter is where the cursor is', async () => {
    const { sync, asked } = setup({});
    sync.seed('C2Cbob', 7);
    await sync.catchUp('C2Cbob', 7);
    expect(asked).toEqual([]);
  });

  it('follows pages from the cursor until the server says it is complete, and keeps the last cursor', async () => {
    const { sync, asked, delivered } = setup({ 3: page(9, false, ['a']), 9: page(12, true, ['b']) });
    sync.seed('C2Cbob', 3);
    await sync.catchUp('C2Cbob', 12);
    expect(asked).toEqual([3, 9]);
    expect(delivered.flatMap((p) => p.deletedMessageIDList)).toEqual(['a', 'b']);
    expect(sync.cursor('C2Cbob')).toBe(12);
    await sync.catchUp('C2Cbob', 12);
    expect(asked).toEqual([3, 9]);
  });

  it('starts a conversation it has no cursor for at 0, and never moves a cursor back', async () => {
    const { sync, asked } = setup({ 0: page(4, true) });
    await sync.catchUp('GROUPg', 4);
    expect(asked).toEqual([0]);
    sync.seed('GROUPg', 2);
    expect(sync.cursor('GROUPg')).toBe(4);
  });

  it('delivers nothing from a catch-up that a logout overtook', async () => {
    let release: (value: ChangePage) => void = () => undefined;
    const delivered: ChangePage[] = [];
    const sync = new ChangeSync({
      fetchChanges: () => new Promise<ChangePage>((resolve) => (release = resolve)),
      deliver: (_id, p) => delivered.push(p),
      onError: () => undefined,
    });
    const running = sync.catchUp('C2Cbob', 5);
    await new Promise((resolve) => setTimeout(resolve, 0));
    sync.reset();
    release(page(5, true, ['x']));
    await running;
    expect(delivered).toEqual([]);
    expect(sync.cursor('C2Cbob')).toBeUndefined();
  });
});
