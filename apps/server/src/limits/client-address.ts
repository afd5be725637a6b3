import { BlockList, isIP } from 'node:net';

/** Says whether a hop's address is a proxy we trust to report the client in `X-Forwarded-For`. */
export type TrustProxy = (address: string) => boolean;

/** Address sets that can be named in TRUST_PROXY, as in Express and Fastify. */
const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * TRUST_PROXY: a comma-separated list of proxy addresses, CIDR ranges and the names loopback,
 * linklocal, uniquelocal. Unset or empty: no proxy is trusted and the socket's address is the
 * client's. Throws on an entry that is none of these.
 */
export function parseTrustProxy(spec: string | null | undefined): TrustProxy | null {
  const entries = (spec ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const named = entries.flatMap((e) => NAMED[e.toLowerCase()] ?? [e]);
  return addressSet(
    named,
    (entry) => `TRUST_PROXY: "${entry}" is not an address, a CIDR range, loopback, linklocal or uniquelocal`,
  );
}

/**
 * A set of addresses and CIDR ranges (`10.0.0.0/8`, `fd00::/8`, `192.0.2.7`) as a test of one
 * address (IPv4-mapped IPv6 counts as IPv4). Throws `invalid(entry)` for an entry that is neither.
 */
export function addressSet(
  entries: readonly string[],
  invalid: (entry: string) => string,
): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
      throw new Error(invalid(entry));
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return (address) => {
    const plain = normaliseAddress(address);
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The client's address: the socket's, unless that is a trusted proxy; then the nearest address in
 * `X-Forwarded-For` (read from the right) that is not itself a trusted proxy. Entries a client
 * wrote itself sit left of what our proxies appended, so they are only reached through proxies
 * we trust. Fastify's `trustProxy` applies the same rule to `request.ip`.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: TrustProxy | null,
): string {
  let address = normaliseAddress(socketAddress ?? '');
  if (!trust || !forwardedFor) return address;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  for (const hop of hops) {
    if (!trust(address)) break;
    if (isIP(normaliseAddress(hop)) === 0) break;
    address = normaliseAddress(hop);
  }
  return address;
}

/** `::ffff:1.2.3.4` (IPv4 on a dual-stack socket) is 1.2.3.4. */
export function normaliseAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}
