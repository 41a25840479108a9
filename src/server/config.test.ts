import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'studypath-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: tempDataDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig with nothing set', () => {
  test('serves on port 3000 from an embedded database inside DATA_DIR', () => {
    const dataDir = tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      trustedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      dataDir,
      filesDir: path.join(dataDir, 'files'),
      database: { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
      trustProxy: false,
      jobsEnabled: true,
      authRateLimit: { windowSeconds: 60, max: 10 },
    });
  });

  test('generates an auth secret once, keeps it private in DATA_DIR and reuses it', () => {
    const dataDir = tempDataDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'auth-secret');
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8')).toBe(first.authSecret);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
  });
});

describe('loadConfig with variables set', () => {
  test('a postgres:// DATABASE_URL selects the PostgreSQL server, memory:// an in-memory PGlite', () => {
    const url = 'postgresql://study:secret@db.internal:5432/studypath';
    expect(loadConfig({ DATA_DIR: tempDataDir(), DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
    expect(loadConfig({ DATA_DIR: tempDataDir(), DATABASE_URL: 'memory://' }).database).toEqual({
      kind: 'pglite',
      dataDir: undefined,
    });
  });

  test('APP_URL, BETTER_AUTH_SECRET, TRUST_PROXY and the rate limit are taken as given', () => {
    const config = loadConfig({
      DATA_DIR: tempDataDir(),
      APP_URL: 'https://study.example.test',
      BETTER_AUTH_SECRET: 'a-secret-from-the-environment-of-enough-length',
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_MAX: '25',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '120',
    });
    expect(config).toMatchObject({
      appUrl: 'https://study.example.test',
      trustedOrigins: ['https://study.example.test'],
      authSecret: 'a-secret-from-the-environment-of-enough-length',
      trustProxy: true,
      authRateLimit: { windowSeconds: 120, max: 25 },
    });
  });
});

test('a blank variable (NAME= in an env file) counts as unset instead of as 0 or the current folder', () => {
  const dataDir = tempDataDir();
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '', AUTH_RATE_LIMIT_MAX: ' ', LOG_LEVEL: '', DATABASE_URL: '' });
  expect(config).toMatchObject({ port: 3000, logLevel: 'info', authRateLimit: { max: 10 } });
  expect(config.database).toEqual({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  expect(loadConfig({ DATA_DIR: '', BETTER_AUTH_SECRET: 'x'.repeat(32) }).dataDir).toBe(path.resolve('./data'));
});

describe('loadConfig refuses a malformed variable, naming it', () => {
  test.each([
    ['DATABASE_URL', 'mysql://127.0.0.1/studypath'],
    ['DATABASE_URL', 'localhost:5432'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PORT', '30.5'],
    ['AUTH_RATE_LIMIT_MAX', '0'],
    ['TRUST_PROXY', 'maybe'],
    ['JOBS_ENABLED', 'off'],
    ['LOG_LEVEL', 'loud'],
    ['FEEDBACK_URL', 'javascript:alert(1)'],
  ])('%s=%s', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${name}: `));
  });

  test('every malformed variable is named in the one message', () => {
    const error = configError({ PORT: '-1', DATABASE_URL: 'sqlite://file' });
    expect(error.message).toContain('PORT: ');
    expect(error.message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// connection string');
  });
});

describe('S3 storage for uploaded files', () => {
  const keys = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret-example' };

  test('is off without S3_BUCKET: files stay in DATA_DIR/files', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).s3).toBeNull();
  });

  test('S3_BUCKET with both keys selects AWS S3 in us-east-1, with the bucket in the host name', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir(), S3_BUCKET: 'studypath-files', ...keys }).s3).toEqual({
      bucket: 'studypath-files',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example',
      forcePathStyle: false,
    });
  });

  test('an S3_ENDPOINT (an S3-compatible server) turns on path-style addressing unless S3_FORCE_PATH_STYLE says no', () => {
    const env = { DATA_DIR: tempDataDir(), S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-central-1', ...keys };
    expect(loadConfig(env).s3).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'eu-central-1', forcePathStyle: true });
    expect(loadConfig({ ...env, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ ...env, S3_ENDPOINT: '', S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
  });

  test.each([
    [{ S3_BUCKET: 'files' }, /^Invalid configuration: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: must be set when S3_BUCKET is set$/],
    [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, /^Invalid configuration: S3_SECRET_ACCESS_KEY: must be set/],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys }, /^Invalid configuration: S3_BUCKET: must be set .*S3_ENDPOINT, S3_ACCESS_KEY_ID/],
    [{ S3_REGION: 'eu-central-1' }, /^Invalid configuration: S3_BUCKET: must be set .*\(set without it: S3_REGION\)$/],
    [{ S3_BUCKET: 'Files_2024', ...keys }, /^Invalid configuration: S3_BUCKET: must be a bucket name/],
    [{ S3_BUCKET: 'files', S3_ENDPOINT: 'minio:9000', ...keys }, /^Invalid configuration: S3_ENDPOINT: must be an http/],
    [{ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'sometimes', ...keys }, /^Invalid configuration: S3_FORCE_PATH_STYLE: /],
  ])('a half or wrong S3 setup is refused, naming the variable: %o', (env, message) => {
    const error = configError(env);
    expect(error.message).toMatch(message);
    // Nothing secret is repeated back.
    expect(error.message).not.toContain('secret-example');
  });
});

describe('the AI model of the llm study engine', () => {
  test('is off with no AI_* variable: the local engine', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).ai).toBeNull();
  });

  test('AI_BASE_URL selects an OpenAI-compatible endpoint, with gpt-4o-mini and 120 s unless told otherwise', () => {
    const base = { DATA_DIR: tempDataDir(), AI_BASE_URL: 'http://127.0.0.1:11434/v1' };
    expect(loadConfig(base).ai).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: 'gpt-4o-mini',
      timeoutMs: 120_000,
    });
    expect(loadConfig({ ...base, AI_API_KEY: 'sk-test', AI_MODEL: ' llama3.1:8b ', AI_TIMEOUT_SECONDS: '30' }).ai).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: 'sk-test',
      model: 'llama3.1:8b',
      timeoutMs: 30_000,
    });
  });

  test('AI_API_KEY alone means OpenAI itself', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir(), AI_API_KEY: 'sk-test' }).ai).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-test',
      model: 'gpt-4o-mini',
      timeoutMs: 120_000,
    });
  });

  test.each([
    [{ AI_BASE_URL: 'localhost:11434' }, /^Invalid configuration: AI_BASE_URL: must be an http/],
    [{ AI_API_KEY: 'sk-test', AI_TIMEOUT_SECONDS: '0' }, /^Invalid configuration: AI_TIMEOUT_SECONDS: /],
    [{ AI_API_KEY: 'sk-test', AI_TIMEOUT_SECONDS: 'soon' }, /^Invalid configuration: AI_TIMEOUT_SECONDS: /],
    [{ AI_MODEL: 'gpt-4o' }, /^Invalid configuration: AI_BASE_URL or AI_API_KEY: must be set .*\(set without them: AI_MODEL\)$/],
  ])('a wrong AI setup is refused, naming the variable: %o', (env, message) => {
    const error = configError(env);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('sk-test');
  });
});

describe('ADMIN_EMAILS, the accounts that may open /admin', () => {
  test('is empty without the variable: nobody is an admin', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).adminEmails).toEqual([]);
  });

  test('takes addresses separated by commas or spaces, in lower case and each once', () => {
    const config = loadConfig({ DATA_DIR: tempDataDir(), ADMIN_EMAILS: ' Ada@Example.test, bob@example.test  ada@example.TEST,' });
    expect(config.adminEmails).toEqual(['ada@example.test', 'bob@example.test']);
  });

  test('refuses what is not an address, naming the variable and the value', () => {
    expect(configError({ ADMIN_EMAILS: 'ada@example.test, admin' }).message).toBe(
      'Invalid configuration: ADMIN_EMAILS: not an email address: admin',
    );
  });
});

describe('GEOIP_URL, the IP-geolocation service of currency detection', () => {
  test('is off without the variable: no detection, prices in usd', () => {
    expect(loadConfig({ DATA_DIR: tempDataDir() }).geoipUrl).toBeNull();
  });

  test('keeps a template with {ip}; a base URL gets the address appended', () => {
    const base = { DATA_DIR: tempDataDir() };
    expect(loadConfig({ ...base, GEOIP_URL: 'https://ipapi.co/{ip}/json/' }).geoipUrl).toBe('https://ipapi.co/{ip}/json/');
    expect(loadConfig({ ...base, GEOIP_URL: 'http://127.0.0.1:8080/geo/' }).geoipUrl).toBe('http://127.0.0.1:8080/geo/{ip}');
  });

  test.each(['ipapi.co/{ip}/json/', 'ftp://geo.example/{ip}', 'file:///etc/{ip}', 'not a url'])('refuses %s', (value) => {
    expect(configError({ GEOIP_URL: value }).message).toMatch(/^Invalid configuration: GEOIP_URL: must be an http:\/\/ or https:\/\/ URL/);
  });
});

describe('Stripe billing and trials', () => {
  const priceIds = {
    pro: { monthly: 'price_pm', yearly: 'price_py' },
    ultra: { monthly: 'price_um', yearly: 'price_uy' },
  };
  const stripeEnv = {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_WEBHOOK_SECRET: 'whsec_123',
    STRIPE_PRICE_IDS: JSON.stringify(priceIds),
  };

  test('is off with no STRIPE_* variable, and trials are off unless TRIALS_ENABLED says so', () => {
    const config = loadConfig({ DATA_DIR: tempDataDir() });
    expect(config.stripe).toBeNull();
    expect(config.trialsEnabled).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDataDir(), TRIALS_ENABLED: 'true' }).trialsEnabled).toBe(true);
  });

  test('the key, webhook secret and price ids turn it on: api.stripe.com, 10 s, the environment of the key', () => {
    const config = loadConfig({ DATA_DIR: tempDataDir(), ...stripeEnv });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_123',
      webhookSecret: 'whsec_123',
      api: undefined,
      timeoutMs: 10_000,
      environment: 'test',
      priceIds: { production: priceIds, test: priceIds },
    });
    const live = loadConfig({ DATA_DIR: tempDataDir(), ...stripeEnv, STRIPE_SECRET_KEY: 'rk_live_456' });
    expect(live.stripe?.environment).toBe('production');
  });

  test('STRIPE_API_URL points the client at another server; STRIPE_PRICE_IDS may hold a set per environment', () => {
    const config = loadConfig({
      DATA_DIR: tempDataDir(),
      ...stripeEnv,
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      STRIPE_TIMEOUT_SECONDS: '2.5',
      STRIPE_PRICE_IDS: JSON.stringify({ test: priceIds }),
    });
    expect(config.stripe).toMatchObject({
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
      timeoutMs: 2500,
      priceIds: { production: undefined, test: priceIds },
    });
    expect(loadConfig({ DATA_DIR: tempDataDir(), ...stripeEnv, STRIPE_API_URL: 'https://stripe.internal' }).stripe?.api).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
  });

  test('half a configuration stops the start, naming what is missing', () => {
    expect(configError({ STRIPE_SECRET_KEY: 'sk_test_123' }).message).toBe(
      'Invalid configuration: STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_IDS: must be set together with STRIPE_SECRET_KEY',
    );
    expect(configError({ STRIPE_API_URL: 'http://127.0.0.1:1' }).message).toBe(
      'Invalid configuration: STRIPE_SECRET_KEY: must be set for billing (set without it: STRIPE_API_URL)',
    );
    expect(configError({ ...stripeEnv, STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PRICE_IDS: JSON.stringify({ test: priceIds }) }).message).toBe(
      'Invalid configuration: STRIPE_PRICE_IDS: needs a "production" set for this production secret key',
    );
  });

  test.each([
    ['not JSON', '{pro:'],
    ['a plan missing', JSON.stringify({ pro: priceIds.pro })],
    ['an unknown plan', JSON.stringify({ ...priceIds, enterprise: priceIds.pro })],
    ['an interval missing', JSON.stringify({ ...priceIds, ultra: { monthly: 'price_um' } })],
    ['one id for two prices', JSON.stringify({ ...priceIds, ultra: { monthly: 'price_pm', yearly: 'price_uy' } })],
    ['an empty id', JSON.stringify({ ...priceIds, pro: { monthly: '', yearly: 'price_py' } })],
  ])('refuses STRIPE_PRICE_IDS with %s', (_case, value) => {
    expect(configError({ ...stripeEnv, STRIPE_PRICE_IDS: value }).message).toMatch(/^Invalid configuration: STRIPE_PRICE_IDS: must be JSON like/);
  });

  test('refuses an STRIPE_API_URL that is not http(s) and a timeout out of range', () => {
    expect(configError({ ...stripeEnv, STRIPE_API_URL: 'ftp://stripe.example' }).message).toMatch(/STRIPE_API_URL: must be an http/);
    expect(configError({ ...stripeEnv, STRIPE_TIMEOUT_SECONDS: '0' }).message).toMatch(/STRIPE_TIMEOUT_SECONDS/);
  });
});
