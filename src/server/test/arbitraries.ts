import fc from 'fast-check';
import { z } from 'zod';

/*
 * fast-check arbitraries for the property-based hostile input test: inputs derived from the
 * shared zod schemas (through zod's own JSON Schema export, so this follows whatever the schemas
 * say), each value liable to be swapped for something hostile.
 */

/** The part of JSON Schema that `z.toJSONSchema` writes for our schemas. */
interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

export const NUL = '\u0000';
export const LONE_HIGH = '\ud800';
export const LONE_LOW = '\udfff';

/** Strings that have broken servers: control and format characters, scripts, injections, odd numbers. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  NUL,
  `a${NUL}b`,
  LONE_HIGH,
  `x${LONE_LOW}`,
  `${LONE_LOW}${LONE_HIGH}`,
  '\u202Egnp.exe', // right-to-left override
  'مرحبا بالعالم שלום', // right-to-left scripts
  '👩‍👩‍👧‍👦👨🏽‍🚀🏳️‍🌈', // ZWJ sequences, skin tone, flag
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇', // stacked combining marks
  '\uFEFFbom',
  '\uFFFF\uFFFE',
  '\u2028\u2029',
  '\r\nSet-Cookie: injected=1',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  "'; DROP TABLE posts; --",
  '%_\\',
  '%00',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  '{"a":1}',
  '1e309',
  '-0',
  'NaN',
  '9'.repeat(400),
  'x'.repeat(10_001),
  '🎸'.repeat(3_000),
  `${'a'.repeat(2_000)}${NUL}`,
];

/** Numbers outside what any field takes. */
const HOSTILE_NUMBERS: readonly number[] = [0, -1, -0, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MIN_VALUE];

/** Any hostile string: a known one, arbitrary full-range code units, or a long run. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  // UTF-16 code units, lone surrogates included.
  { weight: 2, arbitrary: fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 30 }).map((units) => String.fromCharCode(...units)) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...HOSTILE_STRINGS), fc.integer({ min: 2, max: 300 })).map(([s, n]) => s.repeat(n)) },
);

/** A value of the wrong shape for whatever field it lands in. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS, null, true, false, [], {}, [null], { $gt: '' }, { __proto__: null, toString: 1 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** The JSON Schema zod derives for a schema's input side (transforms and refinements are left out). */
export function jsonSchemaOf(schema: unknown): JsonSchema {
  // Plugins' own routes (the API viewer's) declare plain JSON Schema, already what we need, or a
  // function of their own: arbitrary JSON then.
  if (typeof schema !== 'object' || schema === null) return {} as JsonSchema;
  if (!('_zod' in schema)) return schema as JsonSchema;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A value the schema describes, built field by field; `hostileWeight` > 0 swaps some fields for hostile values. */
export function arbitraryFor(schema: JsonSchema, hostileWeight = 1, depth = 0): fc.Arbitrary<unknown> {
  const valid = validFor(schema, hostileWeight, depth);
  if (hostileWeight <= 0) return valid;
  return fc.oneof({ weight: 8, arbitrary: valid }, { weight: hostileWeight, arbitrary: hostileValue });
}

function validFor(schema: JsonSchema, hostileWeight: number, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((s) => arbitraryFor(s, hostileWeight, depth)));
  if (schema.allOf?.[0]) return arbitraryFor(schema.allOf[0], hostileWeight, depth);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => validFor({ ...schema, type }, hostileWeight, depth)));
  switch (schema.type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return fc.integer({ min: lowerBound(schema, -1000), max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31 - 1) });
    case 'number':
      return fc.double({ min: lowerBound(schema, -1e6), max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items && depth < 6 ? arbitraryFor(schema.items, hostileWeight, depth + 1) : fc.jsonValue({ maxDepth: 2 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 8, 8) + (hostileWeight > 0 ? 2 : 0),
      });
    case 'object': {
      if (!schema.properties || depth >= 6) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
      const properties = Object.fromEntries(Object.entries(schema.properties).map(([key, s]) => [key, arbitraryFor(s, hostileWeight, depth + 1)]));
      const required = schema.required ?? [];
      const record = fc.record(properties, { requiredKeys: required.filter((key) => key in properties) });
      if (hostileWeight <= 0) return record;
      // Sometimes a required field goes missing, or a field nobody declared comes along.
      return fc.oneof(
        { weight: 6, arbitrary: record },
        { weight: 1, arbitrary: fc.tuple(record, fc.constantFrom(...(required.length > 0 ? required : ['_']))).map(([r, key]) => omit(r, key)) },
        { weight: 1, arbitrary: fc.tuple(record, hostileString, hostileValue).map(([r, key, value]) => ({ ...r, [key]: value })) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 3 });
  }
}

function lowerBound(schema: JsonSchema, fallback: number): number {
  if (schema.minimum !== undefined) return schema.minimum;
  if (schema.exclusiveMinimum !== undefined) return schema.exclusiveMinimum + (schema.type === 'integer' ? 1 : 1e-9);
  return fallback;
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 200, 400));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= maxLength);
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, minLength + 60) }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength: Math.min(maxLength, minLength + 60) }) },
  );
}

function omit(record: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}
