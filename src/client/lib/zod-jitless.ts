/**
 * The CSP allows no eval (script-src 'self'): without this, zod probes `new Function` to compile its object parsers the
 * first time one parses, and the browser reports the refused probe as a policy violation on every page with a form.
 * zod keeps its settings on one global object, created by whichever comes first, zod or this module; setting the flag
 * on it here spares the first chunk zod's own code (it loads with the pages that parse).
 */
interface ZodGlobal {
  __zod_globalConfig?: { jitless?: boolean };
}

const holder = globalThis as ZodGlobal;
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
