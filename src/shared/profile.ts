import { z } from 'zod';
import { nameSchema, usernameSchema } from './auth';
import { CURRENCIES } from './currency';

/**
 * user.updateProfile's input, shared by the server and the settings form: name and username follow the sign-up rules
 * (src/shared/auth.ts), the avatar is an https:// image address or null to remove it. Messages are keys under
 * `validation.` in the client's auth namespace, as for sign-up.
 */
export const PROFILE_IMAGE_MAX_LENGTH = 2000;

export const profileImageSchema = z
  .string()
  .trim()
  .max(PROFILE_IMAGE_MAX_LENGTH, { error: 'imageTooLong' })
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:' && new URL(value).hostname !== '', {
    error: 'imageInvalid',
  })
  .nullable();

/**
 * A stored avatar address as it may be shown: one that passes profileImageSchema, or null. Every output of a user's
 * image goes through it, so an address stored before the check (or written around it) is never requested by a page.
 */
export function safeProfileImage(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const check = profileImageSchema.safeParse(value);
  return check.success ? check.data : null;
}

export const updateProfileSchema = z
  .object({ name: nameSchema.optional(), username: usernameSchema.optional(), image: profileImageSchema.optional() })
  .strict();
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

export const currencySchema = z.enum(CURRENCIES);
