import { createServer, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP proxy whose open connections can be made to go silent without closing, as a dead
 * network does: nothing passes either way (`stall`), or only the server's answers are lost
 * (`muteAnswers`: a request is handled but its answer never comes back), and no one is told.
 * New connections work.
 */
export async function startStallingProxy(target: { host: string; port: number }): Promise<{
  url: string;
  stall(): void;
  muteAnswers(): void;
  /** Cuts the open connections, as a network that blinks does; new connections work. */
  drop(): void;
  close(): Promise<void>;
}> {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = tcpConnect(target.port, target.host);
    sockets.add(client).add(upstream);
    const pair = { client, upstream };
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      pairs.delete(pair);
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stall() {
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
      pairs.clear();
    },
    muteAnswers() {
      for (const { client, upstream } of pairs) {
        upstream.unpipe(client);
        // Whatever the server says from now on is dropped.
        upstream.on('data', () => undefined);
      }
      pairs.clear();
    },
    drop() {
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
