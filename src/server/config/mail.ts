import { ConfigError } from './config-error';
import type { Env } from './env-schema';

/**
 * Outgoing mail (the invitation to a shared course) through SMTP: SMTP_URL (smtp[s]://user:pass@host:port) and the From
 * address (SMTP_FROM, else no-reply at APP_URL's host). Without SMTP_URL nothing is sent and nothing fails, so the
 * product runs without a mail server.
 */
export interface MailConfig {
  smtpUrl: string;
  from: string;
}

/** SMTP_FROM without SMTP_URL would be silently ignored, so it stops the start instead. */
export function mailConfig(env: Env): MailConfig | null {
  if (env.SMTP_URL === undefined) {
    if (env.SMTP_FROM !== undefined) throw new ConfigError('Invalid configuration: SMTP_URL: must be set to send mail (set without it: SMTP_FROM)');
    return null;
  }
  const host = env.APP_URL ? new URL(env.APP_URL).hostname : 'localhost';
  return { smtpUrl: env.SMTP_URL, from: env.SMTP_FROM ?? `StudyPath <no-reply@${host}>` };
}
