import { describe, expect, it } from 'vitest';
import { authErrorKey, fieldOfAuthError } from './auth-errors';

describe('authErrorKey', () => {
  it.each([
    ['INVALID_EMAIL_OR_PASSWORD', 401, 'invalidCredentials'],
    ['INVALID_USERNAME_OR_PASSWORD', 401, 'invalidCredentials'],
    ['USER_ALREADY_EXISTS', 422, 'emailTaken'],
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 422, 'emailTaken'],
    ['USERNAME_IS_ALREADY_TAKEN', 400, 'usernameTaken'],
    ['PASSWORD_TOO_SHORT', 400, 'weakPassword'],
    ['PASSWORD_TOO_LONG', 400, 'weakPassword'],
    ['INVALID_USERNAME', 400, 'invalidUsername'],
    ['USERNAME_TOO_SHORT', 400, 'invalidUsername'],
    ['USERNAME_TOO_LONG', 400, 'invalidUsername'],
    ['USERNAME_REQUIRED', 400, 'invalidUsername'],
    ['INVALID_EMAIL', 400, 'invalidEmail'],
  ])('maps %s to %s', (code, status, key) => {
    expect(authErrorKey({ code, status })).toBe(key);
  });

  it('reports the rate limit by status, whatever the code', () => {
    expect(authErrorKey({ status: 429 })).toBe('tooManyAttempts');
    expect(authErrorKey({ code: 'INVALID_EMAIL_OR_PASSWORD', status: 429 })).toBe('tooManyAttempts');
  });

  it('tells failed sign-ins of an account or address apart from the per-minute limit', () => {
    expect(authErrorKey({ code: 'TOO_MANY_FAILED_SIGN_INS', status: 429 })).toBe('tooManyFailedSignIns');
  });

  it('falls back to a generic message for anything else', () => {
    expect(authErrorKey({ code: 'SOMETHING_NEW', status: 500 })).toBe('generic');
    expect(authErrorKey({ status: 500 })).toBe('generic');
    expect(authErrorKey(undefined)).toBe('generic');
  });
});

describe('fieldOfAuthError', () => {
  it('points a refusal about one field at that field, and others at none', () => {
    expect(fieldOfAuthError('usernameTaken')).toBe('username');
    expect(fieldOfAuthError('invalidUsername')).toBe('username');
    expect(fieldOfAuthError('emailTaken')).toBe('email');
    expect(fieldOfAuthError('weakPassword')).toBe('password');
    expect(fieldOfAuthError('invalidCredentials')).toBeUndefined();
    expect(fieldOfAuthError('tooManyAttempts')).toBeUndefined();
  });
});
