import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * A PostgreSQL and a NATS server of the test's own, on free ports and temporary directories, so
 * that restarting or killing them touches nothing else on the machine.
 */
export interface PrivateService {
  url: string;
  /** Stops the server (as an operator or a crash would: clients are cut off) and starts it again. */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const run = promisify(execFile);
const NATS_SERVER = process.env.SCALE_NATS_SERVER ?? '/usr/sbin/nats-server';

/** initdb + pg_ctl from the installed PostgreSQL; as the `postgres` user when running as root (initdb refuses root). */
export async function startPrivatePostgres(): Promise<PrivateService> {
  const bin = postgresBin();
  const dir = await mkdtemp(join(tmpdir(), 'liaison-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chown(dir, ...(await postgresIds()));
  const pgRun = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args]) : run(join(bin, command), args);
  const data = join(dir, 'data');
  await pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () => pgRun('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = () => pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(downMs = 0) {
      await stop();
      await sleep(downMs);
      await start();
    },
    async stop() {
      await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** nats-server with JetStream and a temporary store. */
export async function startPrivateNats(): Promise<PrivateService> {
  const dir = await mkdtemp(join(tmpdir(), 'liaison-nats-'));
  const port = await freePort();
  let child: ChildProcess = await spawnNats(port, dir);
  const kill = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  return {
    url: `nats://127.0.0.1:${port}`,
    async restart(downMs = 0) {
      await kill();
      await sleep(downMs);
      child = await spawnNats(port, dir);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function spawnNats(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nats-server did not start:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => reject(new Error(`nats-server exited:\n${output}`)));
  });
  return child;
}

function postgresBin(): string {
  if (process.env.SCALE_PG_BIN) return process.env.SCALE_PG_BIN;
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no PostgreSQL in /usr/lib/postgresql: set SCALE_PG_BIN');
  return join('/usr/lib/postgresql', versions[0], 'bin');
}

async function postgresIds(): Promise<[number, number]> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return [Number(uid.stdout.trim()), Number(gid.stdout.trim())];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
