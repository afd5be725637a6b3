import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { startServer } from '../../integration/harness';
import { freshMobile, PortalClient } from '../test-client';

/** Uploads are judged by content and served back only by the names we gave them. */
let server: LiaisonServer;
let client: PortalClient;
beforeAll(async () => {
  server = await startServer({ testHooks: true, devOutboxEndpoint: false });
  client = new PortalClient(server);
  await client.register(freshMobile(), 'Secret123');
});
afterAll(() => server.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const BAD_TYPE = { code: 500, msg: '文件格式不正确，请上传doc/xls/ppt/txt/pdf/图片格式文件' };

async function download(url: string) {
  return server.http.inject({ method: 'GET', url });
}

/** A GET sent with its path exactly as written (no client-side `..` resolution). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}${path}`, { method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('POST common/upload', () => {
  it('stores a PDF and serves the same bytes back, inert', async () => {
    const uploaded = await client.upload('营业执照.pdf', PDF);
    expect(uploaded).toMatchObject({ code: 200, msg: '上传成功' });
    expect(uploaded.fileName).toMatch(/^\/profile\/upload\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    const response = await download(uploaded.url as string);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('accepts images and plain text by their content', async () => {
    expect((await client.upload('logo.png', PNG)).code).toBe(200);
    expect((await client.upload('说明.txt', Buffer.from('合作说明\n第二行\n'))).code).toBe(200);
  });

  it('refuses an executable renamed .pdf, a PNG named .pdf and a script named .svg', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200, 0)]);
    expect(await client.upload('invoice.pdf', exe)).toEqual(BAD_TYPE);
    const elf = Buffer.concat([Buffer.from('\x7fELF', 'latin1'), Buffer.alloc(100, 1)]);
    expect(await client.upload('report.doc', elf)).toEqual(BAD_TYPE);
    expect(await client.upload('scan.pdf', PNG)).toEqual(BAD_TYPE);
    expect(await client.upload('x.svg', Buffer.from('<svg onload="alert(1)"></svg>'))).toEqual(BAD_TYPE);
    expect(await client.upload('run.sh', Buffer.from('#!/bin/sh\nrm -rf /\n'))).toEqual(BAD_TYPE);
    const [row] = await server.db.query<{ n: unknown }>(
      "SELECT count(*) AS n FROM portal_uploads WHERE original_name IN ('invoice.pdf', 'report.doc', 'scan.pdf', 'x.svg', 'run.sh')",
    );
    expect(Number(row?.n)).toBe(0);
  });

  it('refuses a file over 5 MB and stores nothing', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024, 0x20)]);
    expect(await client.upload('big.pdf', big)).toEqual({ code: 500, msg: '上传文件大小不能超过5MB' });
    const [row] = await server.db.query<{ n: unknown }>(
      "SELECT count(*) AS n FROM portal_uploads WHERE original_name = 'big.pdf'",
    );
    expect(Number(row?.n)).toBe(0);
  });

  it('answers a multipart request it cannot read with the envelope, not as a server fault', async () => {
    const response = await server.http.inject({
      method: 'POST',
      url: '/prod-api/common/upload',
      headers: { 'content-type': 'multipart/form-data', authorization: `Bearer ${client.token}` },
      payload: '{}',
    });
    expect(response.json()).toEqual({ code: 500, msg: '请求格式不正确' });
  });

  it('needs a login', async () => {
    expect(await new PortalClient(server).upload('a.pdf', PDF)).toEqual({
      code: 401,
      msg: '认证失败，无法访问系统资源',
    });
  });
});

describe('downloads', () => {
  it('answer a URL that cannot be decoded with the envelope', async () => {
    const response = await rawGet('/prod-api/profile/upload/%ff');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ code: 500, msg: '请求格式不正确' });
  });

  it('never leave the upload folder, whatever the path', async () => {
    const stored = await client.upload('ok.pdf', PDF);
    const folder = (stored.fileName as string).split('/').slice(0, -1).join('/');
    for (const path of [
      `${folder}/../../../../../../etc/passwd`,
      `${folder}/..%2f..%2f..%2f..%2fetc%2fpasswd`,
      `${folder}/%2e%2e/%2e%2e/%2e%2e/package.json`,
      '/profile/upload/../../../../etc/passwd',
      `${folder}/..%5c..%5c..%5cetc%5cpasswd`,
      '/profile/upload/2026/11/22/00000000-0000-0000-0000-000000000000.pdf',
    ]) {
      const response = await rawGet(`/prod-api${path}`);
      expect(response.body).not.toContain('root:');
      expect(response.body).not.toContain('"name"');
      const answer = JSON.parse(response.body) as { code?: number; statusCode?: number };
      expect(answer.code ?? answer.statusCode).toBe(404);
    }
  });
});
