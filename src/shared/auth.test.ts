import { describe, expect, it } from 'vitest';
import { firstIssuePerField, signInMethod, signInSchema, signUpSchema } from './auth';

const valid = { name: 'Lena Hoffmann', username: 'lena_h.2', email: 'lena@example.com', password: 'correct horse' };

function fieldErrors(input: Record<string, string>) {
  const result = signUpSchema.safeParse(input);
  return result.success ? {} : firstIssuePerField(result.error.issues);
}

describe('signUpSchema', () => {
  it('accepts a complete sign-up and trims text fields but not the password', () => {
    const parsed = signUpSchema.parse({ ...valid, name: '  Lena  ', email: ' lena@example.com ', password: ' spaced pw ' });
    expect(parsed).toEqual({ ...valid, name: 'Lena', password: ' spaced pw ' });
  });

  it('reports "required" alone for every empty field', () => {
    expect(fieldErrors({ name: ' ', username: '', email: '', password: '' })).toEqual({
      name: 'nameRequired',
      username: 'usernameRequired',
      email: 'emailRequired',
      password: 'passwordRequired',
    });
  });

  it.each([
    ['ab', 'usernameTooShort'],
    ['a'.repeat(31), 'usernameTooLong'],
    ['lena hoffmann', 'usernameInvalid'],
    ['lena@home', 'usernameInvalid'],
    ['lena-h', 'usernameInvalid'],
  ])('refuses the username %j with %s', (username, key) => {
    expect(fieldErrors({ ...valid, username })).toEqual({ username: key });
  });

  it.each(['abc', 'a'.repeat(30), 'Lena_H.99'])('accepts the username %j', (username) => {
    expect(signUpSchema.safeParse({ ...valid, username }).success).toBe(true);
  });

  it.each(['lena', 'lena@', '@example.com', 'lena@example', `${'a'.repeat(250)}@example.com`])(
    'refuses the email %j',
    (email) => {
      expect(fieldErrors({ ...valid, email })).toEqual({ email: 'emailInvalid' });
    },
  );

  it('holds passwords to 8–128 characters', () => {
    expect(fieldErrors({ ...valid, password: '1234567' })).toEqual({ password: 'passwordTooShort' });
    expect(fieldErrors({ ...valid, password: 'x'.repeat(129) })).toEqual({ password: 'passwordTooLong' });
    expect(signUpSchema.safeParse({ ...valid, password: '12345678' }).success).toBe(true);
    expect(signUpSchema.safeParse({ ...valid, password: 'x'.repeat(128) }).success).toBe(true);
  });

  it('caps the name at 100 characters', () => {
    expect(fieldErrors({ ...valid, name: 'n'.repeat(101) })).toEqual({ name: 'nameTooLong' });
  });
});

describe('signInSchema', () => {
  it('needs an identifier and a password but does not judge the password', () => {
    expect(signInSchema.safeParse({ identifier: 'lena', password: 'x' }).success).toBe(true);
    const result = signInSchema.safeParse({ identifier: '  ', password: '' });
    expect(result.success ? {} : firstIssuePerField(result.error.issues)).toEqual({
      identifier: 'identifierRequired',
      password: 'passwordRequired',
    });
  });
});

describe('signInMethod', () => {
  it('signs in by email when the identifier has an @, else by username', () => {
    expect(signInMethod('lena@example.com')).toBe('email');
    expect(signInMethod('lena_h')).toBe('username');
  });
});
