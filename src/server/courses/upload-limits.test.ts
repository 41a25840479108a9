import { describe, expect, test } from 'vitest';
import { AppError, httpStatusOf, trpcCodeOf } from '../errors';
import { asStorageRefusal } from './upload-limits';

// A full disk while an upload is received or stored (bench/faults/disk.ts fills a real tmpfs against the built server;
// a test cannot mount one): the write's error becomes the upload's refusal, 507 with the spec-style message.
describe('asStorageRefusal', () => {
  const systemError = (code: string) => Object.assign(new Error(`${code}: no space left on device, write`), { code });

  test.each(['ENOSPC', 'EDQUOT'])('%s becomes 507 "no room left" with its message key', (code) => {
    const refusal = asStorageRefusal(systemError(code));
    expect(refusal).toBeInstanceOf(AppError);
    const { code: appCode, userMessage, messageKey } = refusal as AppError;
    expect(appCode).toBe('INSUFFICIENT_STORAGE');
    expect(httpStatusOf[appCode]).toBe(507);
    expect(userMessage).toBe('The server has no room left to store this upload. Nothing was saved; please try again later.');
    expect(messageKey).toBe('uploadStorageFull');
  });

  test('any other failure stays what it was', () => {
    const other = systemError('EACCES');
    expect(asStorageRefusal(other)).toBe(other);
    expect(asStorageRefusal('not an error')).toBe('not an error');
  });

  test('tRPC, which has no such code, answers it as an internal error', () => {
    expect(trpcCodeOf('INSUFFICIENT_STORAGE')).toBe('INTERNAL_SERVER_ERROR');
    expect(trpcCodeOf('NOT_FOUND')).toBe('NOT_FOUND');
  });
});
