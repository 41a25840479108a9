import pino, { type Logger } from 'pino';
import type { Config } from './config';

export type { Logger };

/** Structured JSON logs; pretty-printed only in development where a person reads them in a terminal. */
export function createLogger(config: Pick<Config, 'logLevel' | 'env'>): Logger {
  const options = {
    level: config.logLevel,
    base: { service: 'studypath' },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'password'], remove: true },
  };
  if (config.env === 'development') {
    const pretty = { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss' } };
    return pino({ ...options, transport: pretty });
  }
  // Synchronous: pino's default stdout stream reports a flush done while a write is still in flight, so the lines
  // written just before process.exit could come out of order or not at all.
  return pino(options, pino.destination({ dest: 1, sync: true }));
}
