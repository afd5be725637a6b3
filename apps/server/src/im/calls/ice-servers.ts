import { createHmac } from 'node:crypto';
import type { IceServer } from '@liaison/protocol';
import type { CallSettings } from './settings';

/**
 * The ICE servers one user's browser gets. ICE_SERVERS as configured; otherwise STUN_URL and a
 * TURN server with credentials in coturn's REST format (use-auth-secret): username
 * `${expiry}:${userID}`, credential base64(HMAC-SHA1(secret, username)), so coturn checks them
 * with the shared secret alone and they stop working at `expiry`. Nothing configured: none
 * (loopback and LAN calls need none).
 */
export function iceServersFor(
  settings: Pick<CallSettings, 'iceServers' | 'stunUrl' | 'turn'>,
  userID: string,
  nowMs: number,
): IceServer[] {
  if (settings.iceServers) return settings.iceServers;
  const servers: IceServer[] = [];
  if (settings.stunUrl) servers.push({ urls: settings.stunUrl });
  if (settings.turn) {
    const expiry = Math.floor(nowMs / 1000) + settings.turn.ttlSeconds;
    const username = `${expiry}:${userID}`;
    const credential = createHmac('sha1', settings.turn.secret).update(username).digest('base64');
    servers.push({ urls: settings.turn.urls, username, credential });
  }
  return servers;
}
