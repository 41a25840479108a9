/**
 * The one error a bad environment raises. It lives apart from the entry (config.ts) so that every concern's module can
 * throw it without importing the entry, and so callers can tell a misconfiguration (exit with its message) from a crash.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
