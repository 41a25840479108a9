import { z } from 'zod';

/** ?uuid=&id= of a shared course on the study tabs (spec §2); both are kept when switching tabs. */
// The router parses `?id=7` into the number 7; a shared-course id is an identifier, so it is read back as text.
const identifier = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().max(100))
  .optional()
  .catch(undefined);

export const sharedContextSearch = z.object({ uuid: identifier, id: identifier });
export type SharedContextSearch = z.infer<typeof sharedContextSearch>;

/** The shared context to carry to another tab: only when both parts are present. */
export function keepSharedContext(search: SharedContextSearch): SharedContextSearch {
  return search.uuid && search.id ? { uuid: search.uuid, id: search.id } : {};
}
