import pino, { type Logger } from 'pino';
import type { Config } from './config';

export type { Logger };

/** Structured JSON logs; pretty-printed only in development where a person reads them in a terminal. */
export function createLogger(config: Pick<Config, 'logLevel' | 'env'>): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'studypath' },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'password'], remove: true },
    ...(config.env === 'development'
      ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss' } } }
      : {}),
  });
}
