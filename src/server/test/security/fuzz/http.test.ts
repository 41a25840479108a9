import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, describe, expect, test } from 'vitest';
import { user } from '../../../db/schema';
import { createApp } from '../../../http/app';
import { signedFilePath } from '../../../http/file-routes';
import { FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe } from '../../fake-stripe';
import { captureLog, createTestServices } from '../../harness';
import { adminEnv, createWorld, identities, victimSecrets } from '../world';
import { deepNesting, encodeComponent, hostileString, hostileText, hostileValue, killerInputs, killerStrings, nastyStrings, variedInput } from './arbitraries';
import { assertOptions, checkAnswer, fuzzSettings, fuzzStats } from './harness';

/**
 * Fuzzing of every HTTP route besides tRPC: POST /api/files (multipart, broken multipart, JSON
 * video links), GET and HEAD /api/file/:id (ids, signed-link queries, Range and validators), GET /api/file-url/:id,
 * POST /api/chat (the answer is read to its end), POST /api/stripe/webhook (unsigned, and signed events with hostile
 * contents), better-auth's /api/auth/* (sign-up and sign-in bodies, any path), and odd methods, content types and
 * headers on all of them. Requests go through the app in-process (app.request) with the signed-in owner's session
 * mostly, sometimes none or a forged one, from the app's origin mostly (a foreign or missing one sometimes). Each answer
 * is held to the rules of harness.ts (no 5xx, no internals, nothing of the victim's, no logged error, no pollution, an
 * answer within the time bound), and an upload leaves nothing in its temporary folder.
 *
 * `npm run fuzz` raises FUZZ_RUNS; FUZZ_SEED and FUZZ_PATH replay a failure.
 */
const settings = fuzzSettings(process.env, 40);
const fake = await startFakeStripe();
const { log, entries } = captureLog();
const services = await createTestServices({
  env: {
    ...adminEnv,
    ...fake.env,
    STRIPE_TIMEOUT_SECONDS: '2',
    LOCAL_TUTOR_WORD_MS: '0',
    // The limits answer 429 (checked elsewhere); here every request should get past them to what it fuzzes.
    AUTH_RATE_LIMIT_MAX: '1000000',
    UPLOAD_RATE_LIMIT_MAX: '1000000',
    CHAT_RATE_LIMIT_MAX: '1000000',
    GENERATION_RATE_LIMIT_MAX: '1000000',
  },
  log,
});
// Files share a worker's modules (isolate: false): this file's count is the difference.
const requestsBefore = fuzzStats.requests;
afterAll(async () => {
  console.info(`fuzzed the %s with %d requests (FUZZ_RUNS=%d)`, 'HTTP routes', fuzzStats.requests - requestsBefore, settings.runs);
  await services.close();
  await fake.close();
});
const world = await createWorld(services);
const fuzzer = world.course.owner;
await services.db.update(user).set({ plan: 'enterprise' }).where(eq(user.id, fuzzer.user.id));
// Its own app: requestApp adds the app's Origin to every request, and some of these must go without one.
const app = createApp(services);
const appUrl = services.config.appUrl;

const pool = [
  world.course.courseId,
  world.course.uuid,
  world.course.spaceId,
  world.study.fileId,
  world.course.hiddenFile.id,
  world.victim.courseId,
  world.victim.fileId,
  ...identities(world).map((entry) => entry.user.user.id),
];

// ---- requests ----

interface HttpCase {
  method: string;
  path: string;
  headers: Array<[string, string]>;
  body?: Uint8Array | string;
}

/** Header values a client can send: no CR, LF or NUL (fetch refuses them before they leave). */
const headerValue = fc.oneof(
  fc.constantFrom('', ' ', '*', 'null', '"', "'", 'x'.repeat(8_000), 'é', '\u00ff'.repeat(50), '../../etc/passwd', '<script>'),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((code) => code !== 0x7f).map((code) => String.fromCharCode(code)), maxLength: 60 }),
);
const headerName = fc.constantFrom(
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-real-ip',
  'x-studypath-client-ip',
  'forwarded',
  'accept',
  'accept-encoding',
  'accept-language',
  'content-encoding',
  'transfer-encoding',
  'range',
  'if-none-match',
  'if-range',
  'referer',
  'sec-fetch-site',
  'x-http-method-override',
  'x-custom',
  'trpc-accept',
  'expect',
);
const extraHeaders = fc.array(fc.tuple(headerName, headerValue), { maxLength: 4 });

/** The session cookie's name (e.g. studypath.session_token), to forge one. */
const sessionCookieName = (fuzzer.headers.get('cookie') ?? '').split('=')[0] ?? 'session_token';

/** Who sends it: the owner mostly; nobody; a session cookie that is forged or garbage. */
const sessionHeaders = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Array<[string, string]>>([['cookie', fuzzer.headers.get('cookie') ?? '']]) },
  { weight: 1, arbitrary: fc.constant<Array<[string, string]>>([]) },
  {
    weight: 1,
    arbitrary: headerValue.map((value): Array<[string, string]> => [['cookie', `${sessionCookieName}=${value}; ${sessionCookieName.replace('token', 'data')}=${value}`]]),
  },
);
/** From where: the app's own origin mostly, else none, another site, or an opaque origin. */
const originHeaders = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Array<[string, string]>>([['origin', appUrl]]) },
  { weight: 1, arbitrary: fc.constant<Array<[string, string]>>([]) },
  { weight: 1, arbitrary: fc.constantFrom<Array<[string, string]>>([['origin', 'https://evil.example']], [['origin', 'null']], [['referer', `${appUrl}/x`]]) },
);
const oddMethod = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'FOO');

function describeCase(fuzzCase: HttpCase): string {
  const body = fuzzCase.body === undefined ? '' : typeof fuzzCase.body === 'string' ? fuzzCase.body : Buffer.from(fuzzCase.body).toString('latin1');
  return `${fuzzCase.path} ${JSON.stringify(fuzzCase.headers)} ${body}`;
}

/** Markup the fuzzing sends that would run if a page echoed it unescaped. */
const activeMarkup = /<script>alert\(1\)<\/script>|<img src=x onerror=alert\(1\)>/i;

/** Sends one case, reads the whole answer (a streamed chat answer too), and checks it. */
async function send(fuzzCase: HttpCase, options: { secrets?: readonly string[] } = {}) {
  const sent = describeCase(fuzzCase);
  let reflected = false;
  const answer = await checkAnswer(
    `${fuzzCase.method} ${fuzzCase.path.slice(0, 120)}`,
    async () => {
      const headers = new Headers();
      for (const [name, value] of fuzzCase.headers) headers.append(name, value);
      const hasBody = fuzzCase.body !== undefined && fuzzCase.method !== 'GET' && fuzzCase.method !== 'HEAD';
      const response = await app.request(new URL(fuzzCase.path, appUrl).toString(), {
        method: fuzzCase.method,
        headers,
        ...(hasBody ? { body: typeof fuzzCase.body === 'string' ? fuzzCase.body : new Uint8Array(fuzzCase.body ?? []) } : {}),
      });
      const text = await response.text();
      // A page that echoes the markup it was sent would run it: HTML answers must escape what they show.
      reflected = /html|xml/i.test(response.headers.get('content-type') ?? '') && activeMarkup.test(text);
      const shownHeaders = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
      return { status: response.status, text: `${shownHeaders}\n\n${text}` };
    },
    { sent, secrets: options.secrets ?? victimSecrets(world), log: entries },
  );
  if (reflected) throw new Error(`${fuzzCase.method} ${fuzzCase.path.slice(0, 120)}: an HTML answer echoes active markup unescaped\n  ${answer.text.slice(0, 500)}`);
  return answer;
}

/** A property over `arbitrary`, after the `examples` (the killer values, every time). */
function property(arbitrary: fc.Arbitrary<HttpCase>, options: { after?: () => void; examples?: HttpCase[] } = {}) {
  return fc.assert(
    fc.asyncProperty(arbitrary, async (fuzzCase) => {
      await send(fuzzCase);
      options.after?.();
    }),
    assertOptions(
      settings,
      (options.examples ?? []).map((example): [HttpCase] => [example]),
    ),
  );
}

const owner: Array<[string, string]> = [
  ['cookie', fuzzer.headers.get('cookie') ?? ''],
  ['origin', appUrl],
];
/** A JSON request as the app's own page sends it, as the owner. */
const jsonPost = (route: string, body: unknown): HttpCase => ({
  method: 'POST',
  path: route,
  headers: [...owner, ['content-type', 'application/json']],
  body: encodeJson(body),
});

const TIMEOUT = Math.max(60_000, settings.runs * 1_000);

// ---- POST /api/files ----

/** The upload's temporary folders: every request's must be gone once it is answered, however it ended. */
function temporaryUploads(): string[] {
  const folder = path.join(services.config.dataDir, 'tmp', 'uploads');
  return existsSync(folder) ? readdirSync(folder) : [];
}
const nothingLeftBehind = () => expect(temporaryUploads()).toEqual([]);

const fileName = fc.oneof(
  fc.constantFrom('notes.txt', 'slides.pdf', 'essay.docx', '../../etc/passwd', 'CON', '.htaccess', 'a"b.txt', 'a\\b.txt', 'x'.repeat(300) + '.txt', 'naïve résumé.txt', '', '%00.txt'),
  hostileString().map((name) => name.slice(0, 300)),
);
const fileBody = fc.oneof(
  fc.constantFrom('%PDF-1.4\n%%EOF\n', 'Cells are the unit of life. Mitochondria make ATP.', '<script>alert(1)</script>', '', 'MZ\u0090\u0000'),
  fc.uint8Array({ maxLength: 600 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
);
const part = fc.record({
  kind: fc.constantFrom('file', 'field'),
  name: fc.oneof(fc.constantFrom('files', 'files', 'directoryId', 'file', '', '__proto__', 'name"x'), hostileString().map((name) => name.slice(0, 100))),
  filename: fileName,
  contentType: fc.constantFrom(undefined, 'text/plain', 'application/pdf', 'application/x-msdownload', 'text/html', 'image/png', 'multipart/mixed; boundary=y'),
  body: fileBody,
});
const framing = fc.constantFrom('ok', 'ok', 'ok', 'truncated', 'no closing boundary', 'bare LF', 'garbage first', 'other boundary', 'no boundary');

const multipartCase: fc.Arbitrary<HttpCase> = fc
  .record({
    session: sessionHeaders,
    origin: originHeaders,
    courseId: fc.oneof({ weight: 5, arbitrary: fc.constant(world.course.courseId) }, { weight: 1, arbitrary: hostileString(pool) }),
    parts: fc.array(part, { maxLength: 4 }),
    boundary: fc.oneof(
      fc.constantFrom('----studypath', 'x', 'b'.repeat(70), 'b'.repeat(200), 'é', 'a b', '"quoted"', ';'),
      fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 20 }),
    ),
    framing,
    cut: fc.nat(),
    uuid: fc.option(hostileString(pool), { nil: undefined }),
    extra: extraHeaders,
  })
  .map(({ session, origin, courseId, parts, boundary, framing, cut, uuid, extra }) => {
    const line = framing === 'bare LF' ? '\n' : '\r\n';
    const chunks = [{ kind: 'field', name: 'directoryId', filename: '', contentType: undefined, body: courseId }, ...parts].map((entry) => {
      const disposition =
        entry.kind === 'file' ? `form-data; name="${entry.name}"; filename="${entry.filename}"` : `form-data; name="${entry.name}"`;
      const type = entry.contentType ? `Content-Type: ${entry.contentType}${line}` : '';
      return `--${boundary}${line}Content-Disposition: ${disposition}${line}${type}${line}${entry.body}${line}`;
    });
    let body = chunks.join('') + (framing === 'no closing boundary' ? '' : `--${boundary}--${line}`);
    if (framing === 'truncated') body = body.slice(0, cut % (body.length + 1));
    if (framing === 'garbage first') body = `garbage${line}${body}`;
    const declared = framing === 'other boundary' ? 'multipart/form-data; boundary=other' : framing === 'no boundary' ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
    return {
      method: 'POST',
      path: `/api/files${uuid === undefined ? '' : `?uuid=${encodeComponent(uuid)}`}`,
      headers: [...session, ...origin, ['content-type', declared] as [string, string], ...extra],
      // Names and text go out as UTF-8, the file bytes as they are.
      body: new Uint8Array(Buffer.from(body, 'utf8')),
    };
  });

/** A well-formed upload of one text file into `courseId`, named `name`. */
function uploadOf(courseId: string, name: string): HttpCase {
  const boundary = '----studypath';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="directoryId"\r\n\r\n${courseId}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\nCells are the unit of life.\r\n--${boundary}--\r\n`;
  return { method: 'POST', path: '/api/files', headers: [...owner, ['content-type', `multipart/form-data; boundary=${boundary}`]], body: new Uint8Array(Buffer.from(body, 'utf8')) };
}
/** The same into the shared course named by `uuid` (an editor's upload). */
const sharedUpload = (uuid: string): HttpCase => ({ ...uploadOf(world.course.courseId, 'notes.txt'), path: `/api/files?uuid=${encodeComponent(uuid)}` });

const videoTemplate = {
  directoryId: world.course.courseId,
  videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  transcript: '[00:00] Cells are the unit of life.\n[00:05] Mitochondria make ATP.',
  name: 'Lecture video',
};
const contentType = fc.constantFrom('application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', '', 'application/JSON');
const videoCase: fc.Arbitrary<HttpCase> = fc
  .record({
    session: sessionHeaders,
    origin: originHeaders,
    type: contentType,
    body: fc.oneof(
      { weight: 4, arbitrary: variedInput(videoTemplate, pool).map((value) => JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? String(item) : item))) },
      { weight: 1, arbitrary: hostileText(videoTemplate) },
    ),
  })
  .map(({ session, origin, type, body }) => ({ method: 'POST', path: '/api/files', headers: [...session, ...origin, ['content-type', type] as [string, string]], body }));

describe('fuzzing POST /api/files', () => {
  test(
    'multipart bodies, well formed and broken, with hostile names, types and contents',
    () => property(multipartCase, { after: nothingLeftBehind, examples: killerStrings.flatMap((killer) => [uploadOf(killer, 'notes.txt'), uploadOf(world.course.courseId, killer), sharedUpload(killer)]) }),
    TIMEOUT,
  );
  test(
    'JSON video links, and bodies that are neither',
    () => property(videoCase, { after: nothingLeftBehind, examples: killerInputs(videoTemplate).map((body) => jsonPost('/api/files', body)) }),
    TIMEOUT,
  );
});

// ---- GET /api/file/:id and /api/file-url/:id ----

const fileId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(world.study.fileId, world.course.hiddenFile.id, world.victim.fileId) },
  { weight: 2, arbitrary: hostileString(pool).map((id) => encodeComponent(id.slice(0, 2_000))) },
  { weight: 1, arbitrary: fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '%2e%2e', '%', '%zz', '%00', 'a/b', '%E0%A4%A', ' ') },
);
/** A signed link's query: valid for the file (then spoiled or not), or made up. */
const linkQuery = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: -100_000, max: 100_000 }), fc.constantFrom('valid', 'flipped', 'short'))
      .map(([offset, spoil]) => {
        const url = new URL(signedFilePath(services.config.authSecret, world.study.fileId, Math.floor(Date.now() / 1000) + offset), appUrl);
        const signature = url.searchParams.get('signature') ?? '';
        if (spoil === 'flipped') url.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`);
        if (spoil === 'short') url.searchParams.set('signature', signature.slice(0, 10));
        return url.search.slice(1);
      }),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ expires: fc.option(hostileString(), { nil: undefined }), signature: fc.option(hostileString(), { nil: undefined }), uuid: fc.option(hostileString(pool), { nil: undefined }) })
      .map((query) =>
        Object.entries(query)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]) => `${name}=${encodeComponent(String(value).slice(0, 5_000))}`)
          .join('&'),
      ),
  },
);
const rangeHeaders = fc.array(
  fc.tuple(
    fc.constantFrom('range', 'if-none-match', 'if-range'),
    fc.oneof(
      fc.constantFrom('bytes=0-10', 'bytes=-5', 'bytes=5-', 'bytes=10-0', 'bytes=0-0,5-6', 'bytes=99999999999999999999-', 'items=0-1', 'bytes=--1', 'bytes=0-1e3', 'bytes=', '*', 'W/"x"', '"x", *'),
      headerValue,
    ),
  ),
  { maxLength: 3 },
);
const fileReadCase = (route: '/api/file' | '/api/file-url'): fc.Arbitrary<HttpCase> =>
  fc
    .record({ method: fc.constantFrom('GET', 'GET', 'HEAD'), id: fileId, query: linkQuery, session: sessionHeaders, origin: originHeaders, ranges: rangeHeaders })
    .map(({ method, id, query, session, origin, ranges }) => ({
      method,
      path: `${route}/${id}${query ? `?${query}` : ''}`,
      headers: [...session, ...origin, ...ranges],
    }));

/** Each killer string as the id, as the shared context, and as a signed link's parts. */
const fileReadExamples = (route: string): HttpCase[] =>
  killerStrings.flatMap((killer) =>
    [
      `${route}/${encodeComponent(killer)}`,
      `${route}/${world.study.fileId}?uuid=${encodeComponent(killer)}`,
      `${route}/${world.study.fileId}?expires=${encodeComponent(killer)}&signature=${encodeComponent(killer)}`,
    ].map((path): HttpCase => ({ method: 'GET', path, headers: owner })),
  );

describe('fuzzing the file routes', () => {
  test(
    'GET and HEAD /api/file/:id: ids, signed-link queries, ranges and validators',
    () => property(fileReadCase('/api/file'), { examples: fileReadExamples('/api/file') }),
    TIMEOUT,
  );
  test('GET /api/file-url/:id', () => property(fileReadCase('/api/file-url'), { examples: fileReadExamples('/api/file-url') }), TIMEOUT);
});

// ---- POST /api/chat ----

const chatTemplate = { fileId: world.study.fileId, message: 'What do mitochondria make?' };
const chatCase: fc.Arbitrary<HttpCase> = fc
  .record({
    session: sessionHeaders,
    origin: originHeaders,
    type: contentType,
    body: fc.oneof(
      { weight: 4, arbitrary: fc.oneof(variedInput(chatTemplate, pool), variedInput({ ...chatTemplate, uuid: world.course.uuid, id: world.study.fileId }, pool)).map(encodeJson) },
      { weight: 1, arbitrary: variedInput({ directoryId: world.course.courseId, message: 'Summarise the course.' }, pool).map(encodeJson) },
      { weight: 1, arbitrary: hostileText(chatTemplate) },
    ),
  })
  .map(({ session, origin, type, body }) => ({ method: 'POST', path: '/api/chat', headers: [...session, ...origin, ['content-type', type] as [string, string]], body }));

function encodeJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? String(item) : item instanceof Map || item instanceof Set ? [...item] : item)) ?? 'null';
}

describe('fuzzing POST /api/chat', () => {
  test(
    'questions about a file or a course, odd shapes, huge and hostile messages',
    () =>
      property(chatCase, {
        examples: [{ ...chatTemplate, uuid: world.course.uuid }, { directoryId: world.course.courseId, message: 'Summarise.' }]
          .flatMap((template) => killerInputs(template))
          .map((body) => jsonPost('/api/chat', body)),
      }),
    TIMEOUT,
  );
});

// ---- POST /api/stripe/webhook ----

const eventTypes = fc.constantFrom(
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'charge.refunded',
  '__proto__',
  '',
);
const stripeObject = fc.oneof(
  hostileValue(pool, ['client_reference_id', 'customer', 'subscription', 'metadata', 'status', 'items', 'mode']),
  fc.record({
    mode: fc.constantFrom('subscription', 'payment', null),
    client_reference_id: fc.oneof(fc.constantFrom(fuzzer.user.id, world.victim.user.user.id), hostileString(pool)),
    customer: fc.oneof(fc.constant('cus_fuzz'), hostileString()),
    subscription: fc.oneof(fc.constant('sub_missing'), hostileString()),
    status: fc.constantFrom('active', 'trialing', 'canceled', 'past_due', '??'),
    metadata: fc.dictionary(fc.constantFrom('userId', 'plan', '__proto__'), hostileString(pool), { maxKeys: 2 }),
    items: hostileValue(),
  }),
);
const webhookCase: fc.Arbitrary<HttpCase> = fc
  .record({
    signed: fc.constantFrom('signed', 'signed', 'unsigned', 'forged', 'stale'),
    event: fc.record({
      id: fc.oneof(fc.uuid().map((id) => `evt_${id}`), hostileString()),
      type: eventTypes,
      created: fc.oneof(fc.integer({ min: 1, max: 2_000_000_000 }), fc.constantFrom(0, -1, 1e20)),
      data: fc.oneof({ weight: 5, arbitrary: stripeObject.map((object) => ({ object })) }, { weight: 1, arbitrary: hostileValue() }),
    }),
    raw: fc.option(hostileText({}), { nil: undefined }),
    type: contentType,
  })
  .map(({ signed, event, raw, type }) => {
    const payload = raw ?? encodeJson(event);
    const headers: Array<[string, string]> = [['content-type', type]];
    if (signed === 'signed') headers.push(['stripe-signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET })]);
    if (signed === 'forged') headers.push(['stripe-signature', `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`]);
    if (signed === 'stale') headers.push(['stripe-signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET, timestamp: 1 })]);
    return { method: 'POST', path: '/api/stripe/webhook', headers, body: payload };
  });

/** An event signed with the webhook secret, as Stripe delivers it. */
function signedEvent(event: unknown): HttpCase {
  const payload = encodeJson(event);
  return {
    method: 'POST',
    path: '/api/stripe/webhook',
    headers: [['content-type', 'application/json'], ['stripe-signature', Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET })]],
    body: payload,
  };
}

describe('fuzzing POST /api/stripe/webhook', () => {
  test(
    'unsigned, forged and stale signatures, and signed events with hostile contents',
    () =>
      property(webhookCase, {
        examples: [
          // A real user's checkout naming a subscription Stripe does not have.
          signedEvent({ id: 'evt_missing_subscription', type: 'checkout.session.completed', created: 1_700_000_000, data: { object: { mode: 'subscription', client_reference_id: fuzzer.user.id, customer: 'cus_fuzz', subscription: 'sub_missing' } } }),
          signedEvent({ id: 'evt_missing_subscription_2', type: 'customer.subscription.updated', created: 1_700_000_000, data: { object: { id: 'sub_missing', customer: 'cus_fuzz', status: 'active', metadata: { userId: fuzzer.user.id }, items: { data: [] } } } }),
        ].concat(killerStrings.flatMap((killer) =>
          ['checkout.session.completed', 'customer.subscription.updated', 'invoice.payment_failed'].map((type) =>
            signedEvent({ id: `evt_${killer}`, type, created: 1_700_000_000, data: { object: { client_reference_id: killer, customer: killer, subscription: killer, mode: 'subscription', metadata: { userId: killer } } } }),
          ),
        )),
      }),
    TIMEOUT,
  );
});

// ---- /api/auth/* ----

const authPaths = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('sign-up/email', 'sign-in/email', 'sign-in/username') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('sign-out', 'get-session', 'update-user', 'change-password', 'list-sessions', 'request-password-reset', 'reset-password', 'is-username-available', 'ok', 'error'),
  },
  { weight: 1, arbitrary: hostileString().map((segment) => encodeComponent(segment.slice(0, 200))) },
);
const authTemplate = { name: 'Fuzz Student', email: 'fuzz.student@example.test', username: 'fuzz_student', password: 'correct horse battery staple' };
const authCase: fc.Arbitrary<HttpCase> = fc
  .record({
    method: fc.constantFrom('POST', 'POST', 'POST', 'GET'),
    path: authPaths,
    session: sessionHeaders,
    origin: originHeaders,
    type: contentType,
    body: fc.oneof(
      { weight: 4, arbitrary: variedInput(authTemplate, [...pool, world.victim.user.user.email, fuzzer.user.email]).map(encodeJson) },
      { weight: 1, arbitrary: hostileText(authTemplate) },
      { weight: 1, arbitrary: deepNesting },
    ),
    query: fc.option(hostileString().map((value) => `?callbackURL=${encodeComponent(value.slice(0, 500))}`), { nil: '' }),
  })
  .map(({ method, path: route, session, origin, type, body, query }) => ({
    method,
    path: `/api/auth/${route}${query}`,
    headers: [...session, ...origin, ['content-type', type] as [string, string]],
    body,
  }));

describe('fuzzing /api/auth/*', () => {
  test(
    'sign-up and sign-in bodies, and any other auth path',
    () =>
      property(authCase, {
        examples: ['sign-up/email', 'sign-in/email', 'sign-in/username'].flatMap((route) =>
          killerInputs(authTemplate).map((body) => ({ ...jsonPost(`/api/auth/${route}`, body), headers: [['origin', appUrl], ['content-type', 'application/json']] as Array<[string, string]> })),
        ),
      }),
    TIMEOUT,
  );
});

// ---- odd requests anywhere under /api ----

const anyRoute = fc.constantFrom(
  '/api/files',
  `/api/file/${world.study.fileId}`,
  `/api/file-url/${world.study.fileId}`,
  '/api/chat',
  '/api/stripe/webhook',
  '/api/auth/sign-in/email',
  '/api/trpc/directory.getDirectories',
  '/api/trpc/directory.createDirectory',
  '/api/health',
  '/api/nope',
  '/api/trpc/',
  '/api/trpc/a.b.c',
  '/api/trpc/directory.getDirectories,file.getActiveFile?batch=1',
  '/api/../api/health',
  '/api//files',
);
const oddCase: fc.Arbitrary<HttpCase> = fc
  .record({
    method: oddMethod,
    route: anyRoute,
    session: sessionHeaders,
    origin: originHeaders,
    type: fc.option(fc.oneof(contentType, headerValue), { nil: undefined }),
    extra: extraHeaders,
    body: fc.option(fc.oneof(fc.constantFrom(...nastyStrings), fc.uint8Array({ maxLength: 2_000 }), hostileText({}), deepNesting), { nil: undefined }),
  })
  .map(({ method, route, session, origin, type, extra, body }) => ({
    method,
    path: route,
    headers: [...session, ...origin, ...(type === undefined ? [] : [['content-type', type] as [string, string]]), ...extra],
    ...(body === undefined ? {} : { body }),
  }));

describe('fuzzing odd requests', () => {
  test(
    'any method, content type and headers on every route, and bodies past each route\'s limit',
    () =>
      property(oddCase, {
        after: nothingLeftBehind,
        examples: [
          ['/api/trpc/directory.createDirectory', 1_100_000],
          ['/api/auth/sign-in/email', 70_000],
          ['/api/chat', 400_000],
          ['/api/stripe/webhook', 600_000],
          ['/api/files', 4_300_000],
        ].map(([route, size]) => ({ ...jsonPost(String(route), { name: 'x'.repeat(Number(size)) }) })),
      }),
    TIMEOUT,
  );
});
