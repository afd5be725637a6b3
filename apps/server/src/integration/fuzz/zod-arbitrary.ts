import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Values a zod (v4) schema accepts, as a fast-check arbitrary, derived by walking the schema's
 * definition: a new op's request schema is fuzzed without anyone writing a generator for it.
 * `hints` are known-good strings (existing user, group and conversation IDs); a string field
 * draws one of those that its own schema accepts now and then, so generated frames reach past
 * "not found" into the handlers.
 */
export function arbitraryFor(schema: z.ZodType, hints: readonly string[] = []): fc.Arbitrary<unknown> {
  // A refinement the walk cannot see (a mark type that must be a power of two, a topic ID's
  // marker) may reject nearly every draw, and fast-check's filter never gives up: after
  // REJECTIONS_MAX misses in a row, the next draw goes as it is, to be refused like any bad frame.
  let misses = 0;
  return derive(schema, hints).filter((value) => {
    if (schema.safeParse(value).success || misses >= REJECTIONS_MAX) {
      misses = 0;
      return true;
    }
    misses += 1;
    return false;
  });
}

const REJECTIONS_MAX = 200;

interface CheckDef {
  check?: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
}

interface SchemaDef {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
}

function definition(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

function derive(schema: z.ZodType, hints: readonly string[]): fc.Arbitrary<unknown> {
  const def = definition(schema);
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const fields = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, derive(field, hints)]));
      const optional = Object.keys(shape).filter((key) => definition(shape[key] as z.ZodType).type === 'optional');
      const required = Object.keys(shape).filter((key) => !optional.includes(key));
      return fc.record(fields, { requiredKeys: required });
    }
    case 'string':
      return stringArbitrary(schema, checks, hints);
    case 'number':
      return numberArbitrary(checks);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'array': {
      const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
      const max = checks.find((c) => c.check === 'max_length')?.maximum ?? 10;
      // Arrays stay short: length limits are probed by the mutations, not by valid frames.
      return fc.array(derive(def.element as z.ZodType, hints), { minLength: min, maxLength: Math.min(max, min + 5) });
    }
    case 'record':
      // Records stay small, like arrays: their size limits are probed by the mutations.
      return fc.dictionary(
        derive(def.keyType as z.ZodType, hints) as fc.Arbitrary<string>,
        derive(def.valueType as z.ZodType, hints),
        { maxKeys: 5 },
      );
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => derive(option, hints)));
    case 'optional':
      return derive(def.innerType as z.ZodType, hints);
    case 'nullable':
      return fc.option(derive(def.innerType as z.ZodType, hints), { nil: null });
    case 'default':
      return derive(def.innerType as z.ZodType, hints);
    case 'pipe':
      return derive(def.in as z.ZodType, hints);
    case 'unknown':
    case 'any':
      return fc.jsonValue();
    default:
      throw new Error(`arbitraryFor: no generator for zod type "${def.type}"; add one to zod-arbitrary.ts`);
  }
}

function stringArbitrary(schema: z.ZodType, checks: CheckDef[], hints: readonly string[]): fc.Arbitrary<string> {
  const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 0;
  const max = checks.find((c) => c.check === 'max_length')?.maximum ?? 200;
  const pattern = checks.find((c) => c.check === 'string_format' && c.format === 'regex')?.pattern;
  const generated = pattern
    ? fc.stringMatching(pattern).filter((s) => s.length >= min && s.length <= max)
    : fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, min + 40) });
  const usable = hints.filter((hint) => schema.safeParse(hint).success);
  return usable.length > 0 ? fc.oneof({ arbitrary: generated, weight: 2 }, fc.constantFrom(...usable)) : generated;
}

function numberArbitrary(checks: CheckDef[]): fc.Arbitrary<number> {
  const isInteger = checks.some((c) => c.check === 'number_format');
  const lower = checks.find((c) => c.check === 'greater_than');
  const upper = checks.find((c) => c.check === 'less_than');
  const min = lower ? (lower.value ?? 0) + (lower.inclusive ? 0 : 1) : Number.MIN_SAFE_INTEGER;
  const max = upper ? (upper.value ?? 0) - (upper.inclusive ? 0 : 1) : Number.MAX_SAFE_INTEGER;
  if (!isInteger) return fc.double({ min, max, noNaN: true });
  // Small values are the interesting ones (counts, offsets); the whole safe range now and then.
  // Filtering the whole safe range would rarely meet a narrow one, so both draw inside it.
  const wide = fc.integer({ min, max });
  const smallMin = Math.max(min, -1000);
  const smallMax = Math.min(max, 1000);
  if (smallMin > smallMax) return wide;
  return fc.oneof({ arbitrary: fc.integer({ min: smallMin, max: smallMax }), weight: 3 }, wide);
}
