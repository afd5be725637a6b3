import { describe, expect, it } from 'vitest';
import { RawClient, startServer } from './harness';

describe('shutting down with requests in flight', () => {
  it('answers every request it had received before it closes the sockets and the database', async () => {
    const server = await startServer();
    const client = await RawClient.open(server);
    expect((await client.login(server, 'closing-reader')).ok).toBe(true);
    const closedBeforeAnswer = new Promise<'unanswered'>((resolve) =>
      client.socket.once('close', () => resolve('unanswered')),
    );
    const answers = Array.from({ length: 30 }, (_, i) =>
      Promise.race([
        client.request(i % 2 ? 'getConversationList' : 'getTotalUnreadMessageCount', {}),
        closedBeforeAnswer,
      ]),
    );
    // The first answer means the server has read the burst (one write from here); the rest are
    // still being answered when it is told to stop.
    await answers[0];
    await server.close();
    const settled = await Promise.all(answers);
    expect(settled.filter((answer) => answer === 'unanswered' || !answer.ok)).toEqual([]);
  });
});
