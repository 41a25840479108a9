import fc from 'fast-check';
import superjson from 'superjson';

/**
 * Hostile inputs for the fuzzing: wrong types, huge and odd strings, deep nesting, prototype-pollution keys, unicode
 * and NUL bytes, extreme numbers, SQL and HTML payloads — as values (sent through the client's own superjson
 * encoding), as variations of a valid input (one field at a time goes bad, so the rest still reaches the domain), and
 * as raw text no client would send.
 */

/** encodeURIComponent that does not throw on a lone surrogate (it becomes U+FFFD, as a browser would send it). */
export function encodeComponent(value: string): string {
  return encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

/** Strings every layer has got wrong somewhere once. */
export const nastyStrings = [
  '',
  ' ',
  '\t\n\r',
  '\u0000',
  'a\u0000b',
  '%00',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF',
  '\u202Eevil\u202C',
  '\u200B',
  'Ω≈ç√∫˜µ≤≥÷',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'ｆｕｌｌｗｉｄｔｈ',
  'İı ß ﬀ',
  'Z̤͔ͧ̑̓ä͖̭̈̇l͖͎g̞̥͈ͮ̃o̚̕',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  "' OR '1'='1",
  '\'; DROP TABLE "user"; --',
  '1; SELECT pg_sleep(30); --',
  "' UNION SELECT email, password FROM account --",
  '\\',
  "\\'",
  '%',
  '_',
  '%_%',
  '$1',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("return process")()}}',
  '${process.exit(1)}',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '/dev/zero',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e308',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'a'.repeat(129),
  'x@y',
  'user@example.test',
];

export const nastyNumbers = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1e308,
  -1e308,
  -0,
  0,
  -1,
  0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 63),
  Number.MIN_VALUE,
  Number.EPSILON,
];

/** Keys that pollute prototypes or shadow what the server reads. */
export const nastyKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'isAdmin', 'role', 'plan', 'userId', 'ownerId', 'json', 'meta'];

/**
 * Values that broke a layer somewhere once, tried in every field of every valid input before the random cases
 * (killerInputs): NUL (PostgreSQL text cannot hold it), a lone surrogate, SQL, empty, and past every length limit.
 */
export const killerStrings = ['\u0000', 'a\u0000b', '\uD800', '', "'; DROP TABLE \"user\"; --", 'x'.repeat(10_001)];
export const killerNumbers = [Number.NaN, Number.POSITIVE_INFINITY, -1, 1e308];

/** The valid input with one field at a time set to each killer value of its type, and to null. */
export function killerInputs(template: unknown): unknown[] {
  if (template === null || typeof template !== 'object' || Array.isArray(template)) return [null, {}, '\u0000'];
  const base = template as Record<string, unknown>;
  const inputs: unknown[] = [];
  for (const [field, value] of Object.entries(base)) {
    const killers =
      typeof value === 'number' ? killerNumbers : typeof value === 'boolean' ? ['true', 0] : Array.isArray(value) ? killerStrings.map((text) => [text]) : killerStrings;
    for (const killer of [...killers, null]) inputs.push({ ...base, [field]: killer });
  }
  return inputs;
}

/** A string of `size` characters of one kind: the limits of every schema, and the body limits, are reached by these. */
export const hugeString = fc
  .tuple(
    fc.constantFrom('a', 'é', '𝕏', '\u0000', '<', "'", ' '),
    // Past every schema's maximum; rarely past the 1 MB limit of a tRPC body (400,000 × 3 bytes of 'é').
    fc.oneof({ weight: 9, arbitrary: fc.constantFrom(101, 129, 1_001, 5_001, 20_001) }, { weight: 1, arbitrary: fc.constantFrom(100_001, 400_000) }),
  )
  .map(([unit, size]) => unit.repeat(size));

/** Any string worth sending where a string goes; `pool` adds real ids (the caller's own and another user's). */
export function hostileString(pool: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: hugeString },
    ...(pool.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...pool) }] : []),
  );
}

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyNumbers) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);

/** A leaf of any type superjson carries: strings, numbers, booleans, null, undefined, bigints, dates (invalid too). */
export function hostileLeaf(pool: readonly string[] = []): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: hostileString(pool) },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
    { weight: 1, arbitrary: fc.bigInt() },
    { weight: 1, arbitrary: fc.date({ noInvalidDate: false }) },
  );
}

/** Any value: leaves, arrays, objects with hostile keys, maps and sets, nested a few levels. */
export function hostileValue(pool: readonly string[] = [], keys: readonly string[] = []): fc.Arbitrary<unknown> {
  const key = fc.oneof(fc.constantFrom(...nastyKeys, ...keys), fc.string({ maxLength: 12 }));
  const { value } = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown>; map: Map<unknown, unknown>; set: Set<unknown> }>(
    (tie) => ({
      value: fc.oneof({ depthSize: 'small', maxDepth: 4 }, hostileLeaf(pool), tie('array'), tie('object'), tie('map'), tie('set')),
      array: fc.array(tie('value'), { maxLength: 6 }),
      object: fc.dictionary(key, tie('value'), { maxKeys: 6 }),
      map: fc.array(fc.tuple(hostileLeaf(pool), tie('value')), { maxLength: 3 }).map((entries) => new Map(entries)),
      set: fc.array(hostileLeaf(pool), { maxLength: 3 }).map((entries) => new Set(entries)),
    }),
  );
  return value;
}

/** An input nested `depth` levels deep, as JSON text (superjson would recurse as deep on the way out). */
export const deepNesting = fc
  .tuple(fc.constantFrom('[', '{"a":'), fc.constantFrom(64, 1_000, 10_000, 100_000))
  .map(([open, depth]) => {
    const close = open === '[' ? ']' : '}';
    return `${open.repeat(depth)}1${close.repeat(depth)}`;
  });

/**
 * Variations of a valid input: some of its fields replaced with hostile values or dropped, hostile keys added (at the
 * top and inside), or its right values of the wrong type. The other fields stay valid, so that most calls get past the
 * input check and into the domain. Inputs that are not objects are replaced whole.
 */
export function variedInput(template: unknown, pool: readonly string[]): fc.Arbitrary<unknown> {
  if (template === null || typeof template !== 'object' || Array.isArray(template)) {
    return fc.oneof(fc.constant(template), hostileValue(pool));
  }
  const base = template as Record<string, unknown>;
  const fields = Object.keys(base);
  if (fields.length === 0) return fc.oneof(fc.constant(base), fc.dictionary(fc.constantFrom(...nastyKeys), hostileValue(pool), { maxKeys: 3 }));
  type Change = ['twist' | 'set' | 'drop' | 'wrap', string, unknown];
  const change: fc.Arbitrary<Change> = fc.oneof(
    // The same type with hostile content (a string id full of NULs, a number that is NaN): gets furthest in.
    { weight: 4, arbitrary: fc.tuple(fc.constant('twist' as const), fc.constantFrom(...fields), fc.tuple(hostileString(pool), hostileNumber, fc.array(hostileString(pool), { maxLength: 4 }))) },
    { weight: 2, arbitrary: fc.tuple(fc.constant('set' as const), fc.constantFrom(...fields, ...nastyKeys), hostileValue(pool, fields)) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('drop' as const), fc.constantFrom(...fields), fc.constant(undefined)) },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constant('wrap' as const),
        fc.constantFrom(...fields),
        fc.constantFrom<(value: unknown) => unknown>((value) => [value], (value) => ({ value }), (value) => safely(String, value), (value) => safely(Number, value)),
      ),
    },
  );
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => {
    const input: Record<string, unknown> = { ...base };
    for (const [kind, field, value] of changes) {
      if (kind === 'drop') delete input[field];
      else if (kind === 'wrap') input[field] = (value as (value: unknown) => unknown)(input[field]);
      else if (kind === 'twist') input[field] = twisted(input[field], value as [string, number, string[]]);
      // defineProperty: `input.__proto__ = …` would set the prototype, not send a key named __proto__.
      else Object.defineProperty(input, field, { value, enumerable: true, writable: true, configurable: true });
    }
    return input;
  });
}

/** A value of the same type as `current`, from the hostile ones drawn: a string for a string, and so on. */
function twisted(current: unknown, [text, number, texts]: [string, number, string[]]): unknown {
  if (typeof current === 'number') return number;
  if (typeof current === 'boolean') return !current;
  if (Array.isArray(current)) return texts;
  return text;
}

/** `convert(value)`, or the value itself when it has no primitive form (an object without a prototype). */
function safely<T>(convert: (value: unknown) => T, value: unknown): T | unknown {
  try {
    return convert(value);
  } catch {
    return value;
  }
}

/** JSON of anything fast-check makes (bigints as text, maps and sets as arrays of their entries). */
function jsonText(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'bigint') return item.toString();
    if (item instanceof Map || item instanceof Set) return [...item];
    return item;
  });
}

function plainJson(value: unknown): string {
  return jsonText({ json: value });
}

/**
 * What the client encodes and sends, as text. superjson refuses to encode a key named __proto__ (a client would
 * never send one): such values go as the plain JSON an attacker would write instead.
 */
export function encode(value: unknown): string {
  try {
    return JSON.stringify(superjson.serialize(value));
  } catch {
    return plainJson(value);
  }
}

/** superjson's own envelope abused: type annotations on odd paths, prototype paths, bogus types and values. */
export function hostileEnvelope(template: unknown, pool: readonly string[]): fc.Arbitrary<string> {
  const path = fc.oneof(
    fc.constantFrom('__proto__', '__proto__.polluted', 'constructor.prototype.polluted', 'prototype', 'a.b.c.d', '', '0', 'json'),
    fc.string({ maxLength: 12 }),
    fc.array(fc.constantFrom('__proto__', 'constructor', 'prototype', 'a', '0'), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('.')),
  );
  const annotation = fc.oneof(
    fc.constantFrom<unknown>('undefined', 'bigint', 'Date', 'regexp', 'set', 'map', 'number', 'Error', 'URL', ['class', 'Object'], ['symbol', 'x'], ['custom', 'x'], ['typed-array', 'Uint8Array'], 'nope', 42, null, {}),
    fc.array(fc.constantFrom('map', 'set', 'undefined', '__proto__'), { maxLength: 3 }),
  );
  const values = fc.dictionary(path, annotation, { maxKeys: 4 });
  const json = fc.oneof(fc.constant(template), hostileValue(pool), fc.constantFrom('abc', '1e999', 'NaN', '-', '2020-13-45', '/(a+)+$/'));
  const referential = fc.dictionary(path, fc.array(path, { maxLength: 3 }), { maxKeys: 2 });
  return fc
    .record({ json, meta: fc.record({ values, referentialEqualities: fc.option(referential, { nil: undefined }), v: fc.option(fc.constantFrom(1, 2, 'x'), { nil: undefined }) }) })
    .map((envelope) => jsonText(envelope));
}

/** Text that is not what a client sends at all: broken JSON, other encodings, deep nesting, pollution keys in JSON. */
export function hostileText(template: unknown): fc.Arbitrary<string> {
  const valid = encode(template);
  return fc.oneof(
    fc.constantFrom(
      '',
      'null',
      '[]',
      '{}',
      '"json"',
      '{"json":',
      '{json: 1}',
      '\uFEFF' + valid,
      valid.slice(0, Math.max(0, valid.length - 1)),
      `${valid}${valid}`,
      '{"json":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}',
      '{"__proto__":{"polluted":true},"json":{}}',
      '{"json":null,"meta":null}',
      '{"json":1,"meta":{"values":["undefined"]}}',
      '{"json":{},"meta":{"values":{"__proto__.polluted":["undefined"]}}}',
      '{"json":{"a":"1"},"meta":{"values":{"a":["bigint"]}}}',
      '{"json":{"a":"zz"},"meta":{"values":{"a":["bigint"]}}}',
      '{"json":{"a":"x"},"meta":{"values":{"a":["Date"]}}}',
      '{"0":{"json":{}}}',
      '%E0%A4%A',
      '%',
      '\u0000',
      'a=1&b=2',
    ),
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc.json({ maxDepth: 3 }),
    deepNesting.map((nested) => `{"json":${nested}}`),
    deepNesting,
  );
}
