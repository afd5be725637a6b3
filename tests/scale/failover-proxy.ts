import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A minimal TCP load balancer for the scale suite: each new connection goes to the first backend,
 * in the given order, that accepts it. Killing a backend sends its users' reconnects to the next.
 */
export async function startFailoverProxy(backends: Array<{ host: string; port: number }>): Promise<{
  url: string;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.pause();
    const tryBackend = (index: number) => {
      const target = backends[index];
      if (!target) {
        client.destroy();
        return;
      }
      const upstream = tcpConnect(target.port, target.host);
      let connected = false;
      upstream.once('error', () => {
        if (connected) client.destroy();
        else tryBackend(index + 1);
      });
      upstream.once('connect', () => {
        connected = true;
        sockets.add(upstream);
        upstream.on('close', () => {
          sockets.delete(upstream);
          client.destroy();
        });
        client.on('close', () => upstream.destroy());
        client.on('error', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
