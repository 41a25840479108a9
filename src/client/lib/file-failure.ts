import type { TFunction } from 'i18next';

type Params = Record<string, string | number>;

function field(file: object, name: string): unknown {
  return Reflect.get(file, name) as unknown;
}

function isParams(value: unknown): value is Params {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string' || typeof entry === 'number')
  );
}

/**
 * Why a file's reading failed, in the reader's language: the ingest's message key with its params when the file
 * carries one (`errorKey`, `errorParams`), else its English `error`, else null. Read through guards, since which of
 * these fields a file list carries depends on the procedure it came from.
 */
export function fileFailureReason(file: object, t: TFunction): string | null {
  const error = field(file, 'error');
  const message = typeof error === 'string' && error !== '' ? error : null;
  const key = field(file, 'errorKey');
  if (typeof key !== 'string' || key === '') return message;
  const params = field(file, 'errorParams');
  return t(`ingest:${key}`, { ...(isParams(params) ? params : {}), defaultValue: message ?? '' }) || message;
}
