import { Limits } from '@liaison/protocol';
import fc from 'fast-check';

/** What goes over the socket: a text frame, or a binary one. */
export type WireFrame = { label: string; text: string } | { label: string; binary: Uint8Array };

/**
 * Strings that have broken text handling somewhere: NUL, lone surrogates (both halves, and a
 * high one cut off at the end), bidi overrides, zero-width joiners, BOM, non-characters, line
 * separators that end JavaScript lines, combining marks piled up, and astral emoji.
 */
export const unicodeEdgeCases: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'ok\ud83d',
  '\udc00\ud800',
  '\u202egnp.exe',
  '\u2066\u2067\u2068\u2069',
  'a\u200d\u200db',
  '\ufeff',
  '\uffff\ufffe',
  '\u2028\u2029',
  `e${'\u0301'.repeat(500)}`,
  '👨‍👩‍👧‍👦🏳️‍🌈',
  '\u0085\u00a0\u3000',
];

/** A valid frame for `op` with `body` sent as is, or broken in one of the ways below. */
export function mutatedFrame(op: string, body: fc.Arbitrary<unknown>): fc.Arbitrary<WireFrame> {
  const bodyMutations = fc.oneof(
    fc.constant(valid),
    wrongType,
    missingField,
    hugeString,
    unicodeString,
    deepNesting,
    extraFields,
    notAnObject,
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(body, bodyMutations, fc.nat()).map(([b, m, pick]) => m(op, b, pick)) },
    { weight: 1, arbitrary: brokenFrame(op, body) },
  );
}

type Mutation = (op: string, body: unknown, pick: number) => WireFrame;

const frame = (label: string, op: string, body: unknown, id = 1): WireFrame => ({
  label,
  text: JSON.stringify({ id, op, body }),
});

const valid: Mutation = (op, body) => frame('valid', op, body);

const wrongType = fc
  .oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.string(),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.object({ maxDepth: 1 }),
  )
  .map(
    (replacement): Mutation =>
      (op, body, pick) => {
        const [path, copy] = choosePath(body, pick);
        return frame(`wrong type at ${path.join('.')}`, op, setAt(copy, path, replacement));
      },
  );

const missingField: fc.Arbitrary<Mutation> = fc.constant((op, body, pick) => {
  const [path, copy] = choosePath(body, pick);
  return frame(`missing ${path.join('.')}`, op, setAt(copy, path, undefined));
});

/** Under the 1 MB frame limit (which closes the socket by design), over every field limit. */
const hugeString = fc
  .tuple(fc.integer({ min: 64 * 1024, max: 600 * 1024 }), fc.constantFrom('x', '中', '😀', '\u0000'))
  .map(([length, unit]): Mutation => {
    const bytesPerUnit = new TextEncoder().encode(JSON.stringify(unit)).length - 2;
    const huge = unit.repeat(Math.floor(Math.min(length, (Limits.FRAME_MAX_BYTES * 0.8) / bytesPerUnit) / unit.length));
    return (op, body, pick) => {
      const [path, copy] = choosePath(body, pick);
      return frame(
        `huge string (${huge.length} × ${JSON.stringify(unit)}) at ${path.join('.')}`,
        op,
        setAt(copy, path, huge),
      );
    };
  });

const unicodeString = fc.tuple(fc.constantFrom(...unicodeEdgeCases), fc.boolean()).map(([edge, append]): Mutation => {
  return (op, body, pick) => {
    const [path, copy] = choosePath(body, pick);
    const current = getAt(copy, path);
    const value = append && typeof current === 'string' ? `${current}${edge}` : edge;
    return frame(`unicode ${JSON.stringify(edge).slice(0, 20)} at ${path.join('.')}`, op, setAt(copy, path, value));
  };
});

/** Built as text: JSON.stringify itself would overflow the stack on the deepest of these. */
const deepNesting = fc.tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean()).map(([depth, asObject]): Mutation => {
  const nested = asObject
    ? `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}0${']'.repeat(depth)}`;
  return (op, body, pick) => {
    const [path, copy] = choosePath(body, pick);
    const text = JSON.stringify({ id: 1, op, body: setAt(copy, path, NESTED) }).replace(JSON.stringify(NESTED), nested);
    return { label: `nested ${depth} deep at ${path.join('.')}`, text };
  };
});

const NESTED = '\u0001nested-placeholder\u0001';

const extraFields = fc
  .dictionary(
    fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'id', 'op'), fc.string()),
    fc.jsonValue({ maxDepth: 2 }),
    { minKeys: 1, maxKeys: 4 },
  )
  .map((extra): Mutation => {
    // JSON.parse makes "__proto__" an own key, as an attacker's frame would carry it.
    const extraJSON = JSON.stringify(extra);
    return (op, body) => {
      const base = JSON.stringify(body ?? {});
      const merged = base === '{}' || !base.startsWith('{') ? extraJSON : `${base.slice(0, -1)},${extraJSON.slice(1)}`;
      return {
        label: `extra fields ${Object.keys(extra).join(',')}`,
        text: `{"id":1,"op":${JSON.stringify(op)},"body":${merged}}`,
      };
    };
  });

const notAnObject = fc
  .oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string(), fc.array(fc.jsonValue({ maxDepth: 1 })))
  .map(
    (replacement): Mutation =>
      (op) =>
        frame(`body ${JSON.stringify(replacement).slice(0, 30)}`, op, replacement),
  );

/** The frame around the body broken: id, op, JSON itself, binary frames. */
function brokenFrame(op: string, body: fc.Arbitrary<unknown>): fc.Arbitrary<WireFrame> {
  const text = (label: string, value: string): WireFrame => ({ label, text: value });
  return fc.oneof(
    fc
      .oneof(fc.constant(-1), fc.constant(1.5), fc.string(), fc.constant(null), fc.constant(2 ** 64))
      .chain((id) => body.map((b) => text(`id ${String(id)}`, JSON.stringify({ id, op, body: b })))),
    fc
      .oneof(fc.integer(), fc.constant(null), fc.constant(''), fc.string({ minLength: 65, maxLength: 80 }), fc.string())
      .chain((badOp) =>
        body.map((b) => text(`op ${JSON.stringify(badOp)}`, JSON.stringify({ id: 1, op: badOp, body: b }))),
      ),
    body.chain((b) => {
      const whole = JSON.stringify({ id: 1, op, body: b });
      return fc
        .nat({ max: Math.max(0, whole.length - 1) })
        .map((cut) => text(`truncated at ${cut}`, whole.slice(0, cut)));
    }),
    fc
      .constantFrom('[]', '"frame"', '42', 'null', '{}', '\u0000', '{"id":1,"op":"heartbeat","body":{}', '\ud800')
      .map((t) => text(`not a frame ${JSON.stringify(t)}`, t)),
    fc.uint8Array({ maxLength: 256 }).map((bytes): WireFrame => ({ label: 'binary garbage', binary: bytes })),
    body.map(
      (b): WireFrame => ({
        label: 'valid JSON as a binary frame',
        binary: new TextEncoder().encode(JSON.stringify({ id: 1, op, body: b })),
      }),
    ),
  );
}

type Path = Array<string | number>;

/** A path to one leaf or branch of the body (the body itself when it has none), and a deep copy. */
function choosePath(body: unknown, pick: number): [Path, unknown] {
  const paths: Path[] = [];
  const walk = (value: unknown, path: Path) => {
    if (path.length > 0) paths.push(path);
    if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, Array.isArray(value) ? Number(k) : k]);
    }
  };
  walk(body, []);
  const copy = body === undefined ? {} : structuredClone(body);
  return [paths.length > 0 ? (paths[pick % paths.length] as Path) : ['field'], copy];
}

function getAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const key of path) node = (node as Record<string | number, unknown> | undefined)?.[key];
  return node;
}

/** Sets (or, for undefined, deletes) the value at path inside root; returns root. */
function setAt(root: unknown, path: Path, value: unknown): unknown {
  const parent = getAt(root, path.slice(0, -1));
  const key = path[path.length - 1] as string | number;
  if (parent && typeof parent === 'object') {
    if (value === undefined && !Array.isArray(parent)) delete (parent as Record<string, unknown>)[key];
    else (parent as Record<string | number, unknown>)[key] = value;
  }
  return root;
}
