import { z } from 'zod';

/**
 * The shared-course context, defined once for both sides. The spec has two forms of it on the wire, and both stay
 * (docs/decisions/008-server-layout.md):
 * - the study tabs' query parameters `?uuid=&id=` (spec §2), which every study procedure and HTTP route takes:
 *   `uuid` is the space's link id, `id` the file opened in it; a number (a search parameter read as one) counts as
 *   its digits;
 * - the flags of the spec's server actions (§7: `getLessonStats (lessonId, isShared, sharedSpaceId)`, …).
 * On the server both become one value, read once per request (`sharedStudyOf` in src/server/sharing/study-access.ts,
 * by the study procedures' middleware and the HTTP routes' context).
 */
const contextValue = z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(100));

/** `uuid` and `id`, to spread into a procedure's input object. */
export const sharedContextFields = { uuid: contextValue.optional(), id: contextValue.optional() };

/** `isShared` and `sharedSpaceId` (the space's id or its link uuid), to spread into a server action's input. */
export const sharedFlagsFields = {
  /** The lesson, unit or file is opened from a shared space; statistics are still the caller's own. */
  isShared: z.boolean().optional(),
  sharedSpaceId: z.string().max(100).optional(),
};

/** Each form on its own, as read from a request before (and apart from) its procedure's own input check. */
export const sharedLinkInput = z.object(sharedContextFields);
export const sharedFlagsInput = z.object(sharedFlagsFields);
