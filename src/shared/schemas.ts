import { z } from 'zod';

/** Input schemas shared by server procedures and client forms, so both validate the same way. */
export const localeSchema = z.enum(['en', 'de']);
export type Locale = z.infer<typeof localeSchema>;

export const idSchema = z.string().trim().min(1).max(128);
