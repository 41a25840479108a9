import { z } from 'zod';

/** ?uuid=&id= of a shared course on the study tabs (spec §2); both are kept when switching tabs. */
export const sharedContextSearch = z.object({
  uuid: z.string().max(100).optional().catch(undefined),
  id: z.string().max(100).optional().catch(undefined),
});
export type SharedContextSearch = z.infer<typeof sharedContextSearch>;

/** The shared context to carry to another tab: only when both parts are present. */
export function keepSharedContext(search: SharedContextSearch): SharedContextSearch {
  return search.uuid && search.id ? { uuid: search.uuid, id: search.id } : {};
}
