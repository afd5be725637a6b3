import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { now, openFilesLimit, readMemory, round1, sleep } from './proc';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every child this process started, so that an abort can still stop them. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface ServiceProcess {
  readonly name: string;
  readonly pid: number;
  readonly port: number;
  /** ws://127.0.0.1:<port>/im */
  readonly wsUrl: string;
  /** Milliseconds from spawn until /healthz answered. */
  readonly readyMs: number;
  readonly logFile: string;
  /** SIGTERM, then SIGKILL after graceMs; resolves when the process has exited. */
  stop(graceMs?: number): Promise<void>;
}

/** An unused TCP port on 127.0.0.1 (the OS picks it; a tiny race is acceptable for a bench). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts `node --import tsx <script>` as its own process, so that its RSS and CPU are measured
 * apart from the load generator. (`npx tsx <script>` would put npx and the tsx CLI between us and
 * the server, and the pid we hold would not be the server's.) Resolves once GET /healthz answers.
 */
export async function startService(options: {
  name: string;
  script: string;
  env: Record<string, string>;
  logDir: string;
  /** Extra node flags, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] (BENCH_SERVER_NODE_ARGS). */
  nodeArgs?: string[];
  readyTimeoutMs?: number;
  /** The checkout the script runs from (bench/server-checkout.ts); this one by default. */
  root?: string;
  /** Open files the process needs (see serverOpenFiles); above this process's limit, the child's is raised to it. */
  openFiles?: number;
}): Promise<ServiceProcess> {
  const port = await freePort();
  const logFile = join(options.logDir, `${options.name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const startedAt = now();
  const [command, args] = withOpenFiles(options.openFiles, process.execPath, [
    ...(options.nodeArgs ?? []),
    '--conditions=@liaison/source',
    '--import',
    'tsx',
    options.script,
  ]);
  const child = spawn(command, args, {
    cwd: options.root ?? REPO_ROOT,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((done) => {
    child.once('exit', () => {
      running.delete(child);
      done();
    });
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const stop = async (graceMs = 20_000) => {
    if (hasExited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
    log.end();
  };

  const deadline = startedAt + (options.readyTimeoutMs ?? 90_000);
  while (now() < deadline) {
    if (hasExited) break;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) {
        return {
          name: options.name,
          pid: child.pid ?? 0,
          port,
          wsUrl: `ws://127.0.0.1:${port}/im`,
          readyMs: Math.round(now() - startedAt),
          logFile,
          stop,
        };
      }
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  await stop(2000);
  throw new Error(`${options.name} did not become ready:\n${tail(logFile)}`);
}

/**
 * Open files a server holding this many sessions needs: one socket each, plus room for its
 * database, bus and log files. Below this process's own limit (20,000 here), nothing changes.
 */
export function serverOpenFiles(sessions: number): number {
  return Math.ceil(sessions * 1.1) + 2_000;
}

/**
 * The command that runs `command args` with at least `openFiles` open files allowed: as it is when
 * this process's limit suffices, else through `prlimit --nofile=N:N`, or `sh -c 'ulimit -n N'`
 * where prlimit is missing; both exec the command, so the child's pid is still the server's.
 * Raising the hard limit needs CAP_SYS_RESOURCE: without it the command runs as it is, and the
 * sessions scenario reports the limit it ran with.
 */
function withOpenFiles(openFiles: number | undefined, command: string, args: string[]): [string, string[]] {
  const own = openFilesLimit('self');
  if (openFiles === undefined || own === null || openFiles <= own) return [command, args];
  const wrappers: Array<[string, ...string[]]> = [
    ['prlimit', `--nofile=${openFiles}:${openFiles}`, '--'],
    ['sh', '-c', `ulimit -n ${openFiles} && exec "$0" "$@"`],
  ];
  const wrapper = wrappers.find(([program, ...rest]) => succeeds(program, [...rest, 'true']));
  if (!wrapper) return [command, args];
  const [program, ...rest] = wrapper;
  return [program, [...rest, command, ...args]];
}

function succeeds(program: string, args: string[]): boolean {
  try {
    execFileSync(program, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The last lines of a log file, for error reports. */
export function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** RSS of a service after letting it settle; MiB. */
export async function settledMemory(pid: number, settleMs: number): Promise<{ rssMB: number; peakRssMB: number }> {
  await sleep(settleMs);
  const m = readMemory(pid);
  if (!m) throw new Error(`process ${pid} is gone`);
  return { rssMB: round1(m.rssMB), peakRssMB: round1(m.peakRssMB) };
}
