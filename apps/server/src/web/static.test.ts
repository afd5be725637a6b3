import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { startServer } from '../integration/harness';

/** The built web app is served at `/`, with history-mode routes falling back to index.html. */
let dir: string;
let server: LiaisonServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'liaison-web-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>门户</title><div id="root"></div>');
  await writeFile(join(dir, 'assets', 'app.js'), 'console.log(1)');
  server = await startServer(undefined, { webDir: dir });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string) => server.http.inject({ method: 'GET', url });

describe('web app hosting', () => {
  it('serves index.html for the app’s own routes and the files of the build', async () => {
    for (const path of ['/', '/index', '/manageCenter/userCenter/person-auth', '/supply?currentPage=1&activeKey=0']) {
      const page = await get(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>门户</title>');
    }
    const script = await get('/assets/app.js');
    expect(script.body).toBe('console.log(1)');
  });

  it('does not answer a missing file or a server path with the page', async () => {
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
    expect((await get('/healthz')).json()).toMatchObject({ status: 'ok' });
    expect((await get('/prod-api/no/such/call')).json()).toEqual({ code: 404, msg: '访问资源不存在' });
  });

  it('answers a chunk a deploy removed with a 404 of its own type, never the page nor JSON', async () => {
    const missing: Array<[path: string, type: string]> = [
      ['/assets/SearchPage-Old1234.css', 'text/css; charset=utf-8'],
      ['/assets/SearchPage-Old1234.js', 'text/javascript; charset=utf-8'],
      ['/assets/SearchPage-Old1234.js?v=2', 'text/javascript; charset=utf-8'],
      ['/assets/logo-old.png', 'text/plain; charset=utf-8'],
    ];
    for (const [path, type] of missing) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.headers['content-type'], path).toBe(type);
      expect(answer.headers['cache-control'], path).toBe('no-store');
      expect(answer.body, path).toBe('');
    }
  });
});
