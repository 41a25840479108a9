import { z } from 'zod';

/** Input schemas shared by server procedures and client forms, so both validate the same way. */
export const localeSchema = z.enum(['en', 'de']);
export type Locale = z.infer<typeof localeSchema>;

/** Whether any string (or key) in a value holds a NUL character, which PostgreSQL text cannot; iterative, for any depth. */
export function containsNul(input: unknown): boolean {
  const pending = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** An id of a row: no NUL either, so that a query with it cannot fail. */
export const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .refine((value) => !value.includes('\u0000'), 'An id must not contain a NUL character.');
