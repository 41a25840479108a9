import { z } from 'zod';

/**
 * The shared-course context, defined once for both sides. The spec names two forms of it (docs/decisions/008):
 * - the study tabs' query parameters `?uuid=&id=` (spec §2): `uuid` is the space's link id, `id` the file opened in
 *   it; a number (a search parameter read as one) counts as its digits;
 * - the flags of the spec's server actions (§7: `getLessonStats (lessonId, isShared, sharedSpaceId)`, …).
 * Every procedure and route that takes a context takes both (`studyContextFields`), so any caller may send either;
 * on the server they become one value, read once per request (`sharedStudyOf` in src/server/sharing/study-access.ts,
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

/** The context's fields in both forms, to spread into the input of every procedure that takes a context. */
export const studyContextFields = { ...sharedContextFields, ...sharedFlagsFields };

/** Each form on its own, as read from a request before (and apart from) its procedure's own input check. */
export const sharedLinkInput = z.object(sharedContextFields);
export const sharedFlagsInput = z.object(sharedFlagsFields);
