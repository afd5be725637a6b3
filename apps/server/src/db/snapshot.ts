import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rm, unlink } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './database';

/**
 * Backups of the embedded database. PGlite is single-process: while the server runs, no other
 * process may open its data dir, so the server itself takes the snapshot and hands it out over a
 * control socket in the data dir (a Unix socket, mode 0600: only the user the server runs as, or
 * root, can reach it; nothing listens on the network). When no server runs, the CLI opens the
 * data dir itself.
 */
export function controlSocketPath(dataDir: string): string {
  return join(dataDir, 'control.sock');
}

/** Answers `POST /snapshot` on the control socket with a gzipped tarball of the database. */
export async function serveSnapshots(
  dataDir: string,
  db: Database,
  log: (err: unknown) => void,
): Promise<{ close(): Promise<void> }> {
  const path = controlSocketPath(dataDir);
  // A socket file left by a server that was killed would make listen() fail.
  await unlink(path).catch(() => undefined);
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/snapshot' || !db.snapshot) {
      res.writeHead(404).end();
      return;
    }
    db.snapshot().then(
      (bytes) => {
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': bytes.byteLength });
        res.end(bytes);
      },
      (err: unknown) => {
        log(err);
        res.writeHead(500, { 'content-type': 'text/plain' }).end((err as Error).message ?? 'snapshot failed');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  await chmod(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A snapshot from the server running on this data dir; null when none answers on its control
 * socket (it is not running).
 */
export async function requestSnapshot(dataDir: string): Promise<Uint8Array | null> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return null;
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method: 'POST', path: '/snapshot' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(new Uint8Array(body));
        else reject(new Error(`the server could not take a snapshot: ${res.statusCode} ${body.toString()}`));
      });
      res.on('error', reject);
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      // A socket file with no server behind it: left by a server that was killed.
      if (err.code === 'ECONNREFUSED' || err.code === 'ENOENT') resolve(null);
      else reject(err);
    });
    req.end();
  });
}

/** A snapshot taken by opening the data dir directly; only while no server runs on it. */
export async function snapshotStopped(dataDir: string): Promise<Uint8Array> {
  const dir = join(dataDir, 'db');
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new Error(`no embedded database in ${dir}`);
  const db = await PGlite.create(dir);
  try {
    return new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await db.close();
  }
}

/**
 * Puts a snapshot in place as the data dir's database. Refuses a data dir that already holds a
 * database unless `force` (then that database is replaced). The server must be stopped.
 */
export async function restoreSnapshot(dataDir: string, snapshot: Uint8Array, force: boolean): Promise<void> {
  if (await isServerRunning(dataDir)) {
    throw new Error(`a server is running on ${dataDir}: stop it before restoring`);
  }
  const dir = join(dataDir, 'db');
  const existing = existsSync(dir) ? await readdir(dir) : [];
  if (existing.length > 0) {
    if (!force) throw new Error(`${dir} is not empty: pass --force to replace the database in it`);
    await rm(dir, { recursive: true, force: true });
  }
  await mkdir(dir, { recursive: true });
  const db = await PGlite.create(dir, { loadDataDir: new Blob([new Uint8Array(snapshot)]) });
  try {
    // Proves the restored cluster opens and answers before the server is pointed at it.
    await db.query('SELECT 1');
  } finally {
    await db.close();
  }
}

/** Whether a server answers on the data dir's control socket. */
export function isServerRunning(dataDir: string): Promise<boolean> {
  const path = controlSocketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
