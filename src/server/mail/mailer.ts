import nodemailer, { type Transporter } from 'nodemailer';
import type { MailConfig } from '../config';
import type { Logger } from '../logger';

/**
 * Outgoing mail through SMTP (SMTP_URL). Without SMTP_URL there is no mailer: callers skip sending and nothing fails.
 * A mail that cannot be sent is logged and reported as `false`; it never fails what triggered it.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** True when the SMTP server accepted the message; false (and logged) when it did not. */
  send(message: MailMessage): Promise<boolean>;
}

/** Long enough for a slow server, short enough that a dead one does not hold a request for minutes. */
const SMTP_TIMEOUT_MS = 10_000;

export function createMailer(config: MailConfig, log: Logger): Mailer {
  const transport: Transporter = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(message) {
      try {
        await transport.sendMail({ from: config.from, ...message });
        return true;
      } catch (error) {
        // The recipient's address is personal data, and SMTP errors quote it: the log keeps the failure's kind only.
        const { code, responseCode, command } = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
        log.warn({ code, responseCode, command }, 'mail not sent');
        return false;
      }
    },
  };
}

const mailers = new WeakMap<MailConfig, Mailer>();

/** The process's mailer for `config` (one SMTP transport per configuration), or null when SMTP_URL is not set. */
export function mailerFor(config: MailConfig | null, log: Logger): Mailer | null {
  if (!config) return null;
  let mailer = mailers.get(config);
  if (!mailer) {
    mailer = createMailer(config, log);
    mailers.set(config, mailer);
  }
  return mailer;
}
