/**
 * What an answer must never carry: the server's internals (a stack, a source path, a database error) and other
 * people's data. Each check lists what it found, so that a failing test names it.
 */

/** Traces of the server's insides: stack frames, source and install paths, database and driver errors. */
const internalPatterns: Array<[string, RegExp]> = [
  ['a stack property', /"stack"\s*:/],
  ['a stack frame', /\bat (?:async )?[\w$.<>[\]]+ \((?:file:\/\/|node:|\/)/],
  ['a stack frame', /\bat (?:file:\/\/|node:internal|\/)[^\s)]*:\d+:\d+/],
  ['a source position', /\.(?:ts|tsx|js|mjs|cjs):\d+:\d+/],
  ['an install path', /node_modules/],
  ['a source path', /\/src\/server\//],
  ['a database error', /\bsyntax error at or near\b|\bviolates (?:foreign key|unique|not-null|check) constraint\b|\bduplicate key value\b/i],
  ['a database error', /\b(?:relation|column) "[^"]+" (?:does not exist|of relation)\b|\binvalid input syntax for\b/i],
  // Not better-auth: its own error page (GET /api/auth/error) names it, as any public page of a library may.
  ['a driver name', /\b(?:drizzle|pglite|pg-boss|busboy)\b/i],
  ['a failed query', /\bFailed query\b|\bparams: /],
];

/**
 * What in `text` looks like the server's internals. `sent` is what the client sent: an answer may echo the client's
 * own words (a course named 'node_modules' comes back as that), so a match inside them does not count.
 */
export function internalsIn(text: string, sent = ''): string[] {
  const found: string[] = [];
  for (const [name, pattern] of internalPatterns) {
    const match = pattern.exec(text);
    if (match && !(sent && sent.includes(match[0]))) found.push(`${name}: ${JSON.stringify(text.slice(Math.max(0, match.index - 40), match.index + 80))}`);
  }
  return found;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Which of `secrets` appear in `text` as whole words (any case: 'Test User 1' is not found in 'Test User 12'), other
 * than those the client sent itself (`sent`).
 */
export function secretsIn(text: string, secrets: readonly string[], sent = ''): string[] {
  return [...new Set(secrets)].filter(
    (secret) => secret.length >= 4 && !sent.includes(secret) && new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(secret)}(?![\\p{L}\\p{N}_])`, 'iu').test(text),
  );
}
