import { z } from 'zod';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from './username';

/**
 * The sign-up and sign-in forms' rules, shared by the client (inline field errors) and any server check, so both
 * refuse the same input. The numbers match better-auth's configuration in src/server/auth/auth.ts. Every message is a
 * key under `validation.` in the client's auth namespace, so each side can translate it.
 */
export { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from './username';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
/** RFC 5321 caps a forward path at 256 octets including the angle brackets. */
export const EMAIL_MAX_LENGTH = 254;

/** A required text field: "required" is reported alone, before the rules that would also fail on an empty value. */
function requiredText(requiredKey: string, rules: z.ZodType<string, string>) {
  return z.string().trim().min(1, { error: requiredKey }).pipe(rules);
}

export const nameSchema = requiredText('nameRequired', z.string().max(NAME_MAX_LENGTH, { error: 'nameTooLong' }));

export const usernameSchema = requiredText(
  'usernameRequired',
  z
    .string()
    .min(USERNAME_MIN_LENGTH, { error: 'usernameTooShort' })
    .max(USERNAME_MAX_LENGTH, { error: 'usernameTooLong' })
    .regex(USERNAME_PATTERN, { error: 'usernameInvalid' }),
);

export const emailSchema = requiredText(
  'emailRequired',
  z.string().max(EMAIL_MAX_LENGTH, { error: 'emailInvalid' }).pipe(z.email({ error: 'emailInvalid' })),
);

/** Passwords are never trimmed: a leading or trailing space is part of what the person chose. */
export const newPasswordSchema = z
  .string()
  .min(1, { error: 'passwordRequired' })
  .pipe(
    z
      .string()
      .min(PASSWORD_MIN_LENGTH, { error: 'passwordTooShort' })
      .max(PASSWORD_MAX_LENGTH, { error: 'passwordTooLong' }),
  );

export const signUpSchema = z.object({
  name: nameSchema,
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Sign-in checks presence and size only: whether the password is right is the server's answer, not the form's. */
export const signInSchema = z.object({
  identifier: requiredText('identifierRequired', z.string().max(EMAIL_MAX_LENGTH, { error: 'identifierTooLong' })),
  password: z
    .string()
    .min(1, { error: 'passwordRequired' })
    .max(PASSWORD_MAX_LENGTH, { error: 'passwordTooLong' }),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** One field accepts both: an address contains '@', a username never can (USERNAME_PATTERN). */
export function signInMethod(identifier: string): 'email' | 'username' {
  return identifier.includes('@') ? 'email' : 'username';
}

/** The first message per top-level field, the one a form shows under that field. */
export function firstIssuePerField(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in messages)) messages[field] = issue.message;
  }
  return messages;
}
