import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { BrowserConfig } from './browser-config';

/** One year, the value browsers' preload lists expect; only ever sent over https deployments. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Security headers on every response (portal pages, API, uploads, health): a CSP that allows
 * only what the built web app needs, framing rules, Referrer-Policy, nosniff, and HSTS when the
 * public address is https. Routes may send a stricter CSP of their own (uploads do).
 * X-Frame-Options follows frame-ancestors: DENY for 'none', SAMEORIGIN for 'self', absent for
 * other hosts (it cannot name them; browsers that know frame-ancestors ignore it anyway).
 */
export async function registerSecurityHeaders(
  http: FastifyInstance,
  settings: Pick<BrowserConfig, 'publicUrl' | 'frameAncestors'>,
  /** AVATAR_URL_HOSTS: avatars on these https hosts must load in the portal's pages. */
  avatarHosts: readonly string[] = [],
): Promise<void> {
  const https = settings.publicUrl?.startsWith('https:') ?? false;
  const ancestors = settings.frameAncestors;
  await http.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        // antd's CSS-in-JS writes <style> elements at run time; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...avatarHosts.map((host) => `https://${host}`)],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // CSP 'self' does not cover ws:/wss: in every browser: name the IM socket's origin.
        connectSrc: ["'self'", (req) => socketOrigins(settings.publicUrl, req).join(' ')],
        formAction: ["'self'"],
        frameAncestors: [...ancestors],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: frameOptions(ancestors),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
    // Cross-origin isolation would stop the kit loading images from allowed hosts; not needed.
    crossOriginEmbedderPolicy: false,
  });
}

/** ws: and wss: of the origin the page was loaded from. */
function socketOrigins(publicUrl: string | null, req: IncomingMessage): string[] {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return [`${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`];
  }
  const host = req.headers.host;
  // Behind a TLS proxy without PUBLIC_URL the page may be https while we see http: allow both.
  return host && /^[a-z0-9.:[\]-]+$/i.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
}

function frameOptions(ancestors: readonly string[]): { action: 'deny' | 'sameorigin' } | false {
  if (ancestors.length === 1 && ancestors[0] === "'none'") return { action: 'deny' };
  if (ancestors.length === 1 && ancestors[0] === "'self'") return { action: 'sameorigin' };
  return false;
}
