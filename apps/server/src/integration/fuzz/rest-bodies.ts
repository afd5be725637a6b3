import fc from 'fast-check';
import { unicodeEdgeCases } from './mutations';

/** One HTTP request to a portal route, with whatever body and content type an attacker picks. */
export interface FuzzRequest {
  label: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Field names the portal's forms use, so random bodies sometimes reach past "missing field". */
const FIELDS = [
  'mobileNumber',
  'verifyCode',
  'verifyCodeId',
  'smsVerifyCode',
  'password',
  'secPassword',
  'wechatKey',
  'loginName',
  'approve',
  'reason',
  'realName',
  'idCard',
  'enterpriseName',
  'creditCode',
  'legalPerson',
  'contactPhone',
  'address',
  'businessLicense',
  'groupReadReceipt',
  'onlineStatus',
  'translation',
  'voiceToText',
];

const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(...unicodeEdgeCases),
  fc.constantFrom('13800000001', '246810', '00000000-0000-0000-0000-000000000000', 'AAAAAAAAAAAAAAAAAAAAAA=='),
  fc.integer({ min: 1000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

const fieldValue = fc.oneof(hostileString, fc.jsonValue({ maxDepth: 2 }), fc.constant(null));

const jsonBody = fc.oneof(
  fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string()), fieldValue, { maxKeys: 8 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Every way a body goes wrong: random JSON, broken JSON, wrong content types, huge, deep, binary. */
export function fuzzRequest(route: string): fc.Arbitrary<FuzzRequest> {
  const url = fillParams(route);
  const json = (label: string, payload: string | Buffer, type = 'application/json'): FuzzRequest => ({
    label,
    url: '',
    headers: { 'content-type': type },
    payload,
  });
  const body = fc.oneof(
    jsonBody.map((b) => json('random JSON', JSON.stringify(b) ?? 'null')),
    jsonBody.chain((b) => {
      const text = JSON.stringify(b) ?? 'null';
      return fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => json('truncated JSON', text.slice(0, cut)));
    }),
    fc
      .constantFrom('{', '{"a":', '[1,2', 'nul', '"\\ud800"', '{"__proto__":{"isAdmin":true}}', '\u0000')
      .map((t) => json('malformed JSON', t)),
    fc
      .tuple(
        jsonBody,
        fc.constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=zz',
          'multipart/form-data',
          'application/octet-stream',
          'application/json; charset=utf-16',
          'image/png',
          '',
        ),
      )
      .map(([b, type]) => json(`content-type "${type}"`, JSON.stringify(b) ?? 'null', type)),
    fc
      .uint8Array({ maxLength: 512 })
      .map((bytes) => json('binary body', Buffer.from(bytes), 'application/octet-stream')),
    fc
      .integer({ min: 100, max: 50_000 })
      .map((depth) => json(`nested ${depth} deep`, `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)),
    fc
      .constantFrom(900 * 1024, 2 * 1024 * 1024)
      .map((size) => json(`huge body (${size} bytes)`, JSON.stringify({ mobileNumber: 'x'.repeat(size) }))),
    fc.constant({ label: 'no body', url: '', headers: {} } as FuzzRequest),
  );
  return fc.tuple(url, body).map(([u, b]) => ({ ...b, url: u, label: `${b.label} → ${u.slice(0, 120)}` }));
}

/** Route parameters (`:id`, `*`) filled with random, hostile or path-walking segments. */
function fillParams(route: string): fc.Arbitrary<string> {
  const segment = fc.oneof(
    fc.string({ minLength: 1 }),
    fc.constantFrom('..', '%2e%2e', '%00', '%ff', 'admin', '1', '00000000-0000-0000-0000-000000000000'),
  );
  const parts = route.split('/');
  return fc
    .tuple(
      ...parts.map((part) => {
        if (part === '*') return fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.map(encode).join('/'));
        if (part.startsWith(':')) return segment.map(encode);
        return fc.constant(part);
      }),
      fc.option(fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }), {
        nil: null,
      }),
    )
    .map((filled) => {
      const query = filled.pop() as Record<string, string> | null;
      const path = (filled as string[]).join('/');
      return query ? `${path}?${new URLSearchParams(query).toString()}` : path;
    });
}

/** Percent-escapes what a URL cannot hold, keeping the escapes the list above spells on purpose. */
function encode(segment: string): string {
  return /^(%[0-9a-f]{2}|\.\.)+$/i.test(segment) ? segment : encodeURIComponent(segment);
}
