import type { RestAnswer } from '@liaison/protocol';
import type { LiaisonServer } from '../app';
import { genUserSig } from '../auth/usersig';

/** A command's answer: the envelope and whatever fields the command adds. */
export type RestReply = RestAnswer & Record<string, unknown>;

/**
 * A backend calling the server REST API over HTTP as Tencent's documentation shows it, signed by
 * an administrator (by default `administrator`, the default IM_ADMIN_USERIDS).
 */
export class RestClient {
  constructor(
    readonly server: Pick<LiaisonServer, 'app' | 'url'>,
    readonly identifier = 'administrator',
    readonly usersig = genUserSig(server.app, identifier, 3600),
  ) {}

  /** POST /v4/<path> with Tencent's query; `query` replaces or (undefined) removes parameters. */
  async call(path: string, body: unknown, query: Record<string, string | undefined> = {}): Promise<RestReply> {
    const response = await this.send('POST', path, JSON.stringify(body), query);
    return (await response.json()) as RestReply;
  }

  /** The raw exchange, for what a client gets wrong (another method, a body that is not JSON). */
  async send(
    method: string,
    path: string,
    body: string | undefined,
    query: Record<string, string | undefined> = {},
  ): Promise<Response> {
    const params = new URLSearchParams();
    const given: Record<string, string | undefined> = {
      sdkappid: String(this.server.app.sdkAppID),
      identifier: this.identifier,
      usersig: this.usersig,
      random: String(Math.floor(Math.random() * 4_294_967_295)),
      contenttype: 'json',
      ...query,
    };
    for (const [name, value] of Object.entries(given)) if (value !== undefined) params.set(name, value);
    return fetch(`${this.server.url}/v4/${path}?${params}`, {
      method,
      ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
    });
  }
}
