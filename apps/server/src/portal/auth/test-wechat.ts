import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WechatUser {
  openid: string;
  unionid?: string;
  nickname: string;
}

/** What a code stands for: a person, a refusal WeChat answers with, or a broken gateway page. */
export type WechatCode = WechatUser | { errcode: number } | 'garbage';

/**
 * WeChat's website login as far as the portal uses it, for tests: the QR page (the person in
 * `nextUser` scans at once, and the browser goes back with a code), the code exchange (each code
 * works once) and the user info, with WeChat's errcodes.
 */
export class FakeWechat {
  nextUser: WechatUser | null = null;
  /** Codes the test hands out itself (a person scanning), besides those the QR page issues. */
  readonly codes = new Map<string, WechatCode>();
  calls = 0;
  private server: Server | null = null;
  private readonly tokens = new Map<string, WechatUser>();
  private issued = 0;

  constructor(
    private readonly appId: string,
    private readonly appSecret: string,
  ) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.calls += 1;
      const url = new URL(req.url ?? '/', 'http://wechat.test');
      const q = url.searchParams;
      const send = (body: unknown) => res.writeHead(200, { 'content-type': 'text/plain' }).end(JSON.stringify(body));
      if (url.pathname === '/connect/qrconnect') {
        const user = this.nextUser;
        if (!user || q.get('appid') !== this.appId || q.get('scope') !== 'snsapi_login') {
          return res.writeHead(400).end('bad request');
        }
        this.issued += 1;
        const code = `qr-code-${this.issued}`;
        this.codes.set(code, user);
        const back = new URL(q.get('redirect_uri') ?? '');
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state') ?? '');
        return res.writeHead(302, { location: back.toString() }).end();
      }
      if (url.pathname === '/sns/oauth2/access_token') {
        if (q.get('appid') !== this.appId || q.get('secret') !== this.appSecret) {
          return send({ errcode: 40125, errmsg: 'invalid appsecret' });
        }
        if (q.get('grant_type') !== 'authorization_code') return send({ errcode: 40002, errmsg: 'invalid grant_type' });
        const entry = this.codes.get(q.get('code') ?? '');
        this.codes.delete(q.get('code') ?? '');
        if (entry === undefined) return send({ errcode: 40163, errmsg: 'code been used' });
        if (entry === 'garbage') return res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad Gateway</h1>');
        if ('errcode' in entry) return send({ ...entry, errmsg: 'refused' });
        const token = `AT-${entry.openid}-${this.calls}`;
        this.tokens.set(token, entry);
        return send({ access_token: token, expires_in: 7200, openid: entry.openid, scope: 'snsapi_login' });
      }
      if (url.pathname === '/sns/userinfo') {
        const user = this.tokens.get(q.get('access_token') ?? '');
        if (!user || user.openid !== q.get('openid')) return send({ errcode: 40001, errmsg: 'invalid credential' });
        return send({ ...user, sex: 0, headimgurl: '' });
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
