import { TRPCClientError } from '@trpc/client';
import type { TFunction } from 'i18next';

interface ErrorData {
  appCode?: string;
  httpStatus?: number;
  messageKey?: string;
  messageParams?: Record<string, string | number>;
}

export function errorData(error: unknown): ErrorData | undefined {
  return error instanceof TRPCClientError ? (error.data as ErrorData | undefined) : undefined;
}

/**
 * The message a person sees for a failed call: the translation of the server's message key, else its message. An
 * unexplained server failure (key 'internal', the formatter's generic 500) says less than `fallback`, so it gets that.
 */
export function errorMessage(error: unknown, t: TFunction, fallback: string): string {
  const data = errorData(error);
  if (data?.messageKey && data.messageKey !== 'internal') {
    return t(`errors:${data.messageKey}`, { ...data.messageParams, defaultValue: error instanceof Error ? error.message : fallback });
  }
  if (error instanceof TRPCClientError && data?.appCode && data.appCode !== 'INTERNAL_SERVER_ERROR') return error.message;
  return fallback;
}
