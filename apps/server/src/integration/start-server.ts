import { createServer, type LiaisonServer, type ServerOptions } from '../app';

/**
 * A real server (in-memory PGlite) on a free port. Its own module, without the SDK that the
 * harness brings: the web app's component tests start a server and would otherwise load the SDK
 * in every (isolated) test file for nothing.
 */
export async function startServer(
  portal: ServerOptions['portal'] = { testHooks: false, devOutboxEndpoint: false },
  options: Partial<ServerOptions> = {},
): Promise<LiaisonServer> {
  const server = await createServer({
    portal,
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    databaseUrl: null,
    natsUrl: null,
    app: null,
    logLevel: 'warn',
    ...options,
  });
  await server.listen();
  return server;
}
