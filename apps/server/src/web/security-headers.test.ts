import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { loadConfig } from '../config';
import { startServer } from '../integration/harness';
import { PortalClient } from '../portal/test-client';
import { loadBrowserConfig } from './browser-config';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const { webDir } = loadConfig({});

/** Every kind of answer the server gives: a page, a client route, the API, health, an upload. */
const PATHS = ['/', '/manageCenter/message', '/prod-api/portal/client/config', '/prod-api/no/such/call', '/healthz'];

function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers with the default settings', () => {
  let server: LiaisonServer;
  beforeAll(async () => {
    server = await startServer({ testHooks: true, devOutboxEndpoint: false }, { webDir });
  });
  afterAll(() => server.close());
  const get = (url: string) => server.http.inject({ method: 'GET', url, headers: { host: 'portal.test:8080' } });

  it('sends a CSP that allows only our own scripts, the own socket and media previews on every answer', async () => {
    for (const path of PATHS) {
      const answer = await get(path);
      const csp = directives(answer.headers['content-security-policy'] as string);
      expect(csp.get('default-src'), path).toEqual(["'self'"]);
      expect(csp.get('script-src'), path).toEqual(["'self'"]);
      expect(csp.get('style-src'), path).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('connect-src'), path).toEqual(["'self'", 'ws://portal.test:8080', 'wss://portal.test:8080']);
      expect(csp.get('img-src'), path).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('media-src'), path).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(csp.has('upgrade-insecure-requests'), path).toBe(false);
    }
  });

  it('forbids framing, sniffing and full referrers, and sends no HSTS over plain http', async () => {
    for (const path of PATHS) {
      const answer = await get(path);
      expect(answer.headers['x-frame-options'], path).toBe('DENY');
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['strict-transport-security'], path).toBeUndefined();
    }
  });

  it('keeps the sandbox CSP on uploaded files', async () => {
    const client = new PortalClient(server);
    await client.register('13700000031', 'Passw0rd!');
    const { fileName } = await client.upload('picture.png', PNG);
    const answer = await get(`/prod-api${fileName}`);
    expect(answer.statusCode).toBe(200);
    const csp = directives(answer.headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('sandbox')).toBe(true);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('serves a built app whose index.html has no inline script the CSP would block', async () => {
    const html = await readFile(join(webDir, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\ssrc=/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });
});

describe('security headers behind https and for embedding hosts', () => {
  let server: LiaisonServer;
  beforeAll(async () => {
    const browser = loadBrowserConfig({
      PUBLIC_URL: 'https://chat.example.com/',
      FRAME_ANCESTORS: 'self, https://host.example.com',
    });
    server = await startServer(undefined, { browser, avatarUrlHosts: ['avatars.example.com', 'cdn.example.org:8443'] });
  });
  afterAll(() => server.close());

  it('sends HSTS, upgrades requests and names the public wss origin', async () => {
    const answer = await server.http.inject({ method: 'GET', url: '/healthz' });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    const csp = directives(answer.headers['content-security-policy'] as string);
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://chat.example.com']);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
  });

  it('lets pictures load from the avatar hosts the server accepts avatar URLs for, and no others', async () => {
    const answer = await server.http.inject({ method: 'GET', url: '/' });
    const csp = directives(answer.headers['content-security-policy'] as string);
    expect(csp.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://avatars.example.com',
      'https://cdn.example.org:8443',
    ]);
  });

  it('lets the configured hosts frame the portal and drops X-Frame-Options, which cannot name them', async () => {
    const answer = await server.http.inject({ method: 'GET', url: '/prod-api/portal/client/config' });
    const csp = directives(answer.headers['content-security-policy'] as string);
    expect(csp.get('frame-ancestors')).toEqual(["'self'", 'https://host.example.com']);
    expect(answer.headers['x-frame-options']).toBeUndefined();
  });
});

describe('browser settings', () => {
  it('defaults to no framing, the request host and any socket origin outside production', () => {
    expect(loadBrowserConfig({})).toEqual({ publicUrl: null, frameAncestors: ["'none'"], allowedOrigins: 'any' });
    expect(loadBrowserConfig({ NODE_ENV: 'production' }).allowedOrigins).toEqual([]);
    expect(loadBrowserConfig({ FRAME_ANCESTORS: 'self' }).frameAncestors).toEqual(["'self'"]);
  });

  it('refuses values a browser would misread', () => {
    expect(() => loadBrowserConfig({ PUBLIC_URL: 'chat.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadBrowserConfig({ PUBLIC_URL: 'ftp://chat.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadBrowserConfig({ FRAME_ANCESTORS: "https://a.example; script-src 'unsafe-inline'" })).toThrow(
      /FRAME_ANCESTORS/,
    );
    expect(() => loadBrowserConfig({ FRAME_ANCESTORS: 'none self' })).toThrow(/cannot be combined/);
    expect(() => loadBrowserConfig({ ALLOWED_ORIGINS: 'not a url' })).toThrow(/ALLOWED_ORIGINS/);
    expect(loadBrowserConfig({ ALLOWED_ORIGINS: 'https://a.example/, http://b.example:81' }).allowedOrigins).toEqual([
      'https://a.example',
      'http://b.example:81',
    ]);
  });
});
