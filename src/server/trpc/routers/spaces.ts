import { z } from 'zod';
import { idSchema } from '../../../shared/schemas';
import { COURSE_SUBJECT_FILTERS, DEFAULT_INVITE_ROLE, SPACE_ROLES, SPACE_VISIBILITIES } from '../../../shared/sharing';
import { mailerFor } from '../../mail/mailer';
import { generateDescriptionAndTags } from '../../sharing/describe';
import { spaceErrors } from '../../sharing/errors';
import {
  addMember,
  createSpace,
  getInvitations,
  getMembers,
  removeMember,
  toggleContentVisibility,
  updateSpace,
} from '../../sharing/manage';
import { acceptInvitation, joinPublicSpace, leaveSpace } from '../../sharing/membership';
import {
  getAllSharedCoursesWithFiles,
  getMyInvitations,
  getSharedContext,
  getSpaceContent,
  getUserSpaces,
  isDirectoryShared,
  listPublicCourses,
} from '../../sharing/spaces';
import { protectedProcedure, publicProcedure, router } from '../init';

/**
 * Shared courses: spec §7 "Spaces" under the spec's names and inputs, and DESIGN §4's membership procedures.
 * Space, member and invitation ids and link ids are UUIDs; file and course ids follow the rest of the API. Every access
 * decision is the permission model's (src/server/sharing/permissions.ts, through sharing/access.ts).
 */
const uuid = z.uuid();
/** Bounds against absurd payloads only; the real limits answer with their own messages (sharing/errors.ts). */
const longText = z.string().max(20_000);
const visibility = z.enum(SPACE_VISIBILITIES);
const bySpaceId = z.strictObject({ spaceId: uuid });
const byUuid = z.strictObject({ uuid });

const updateSpaceInput = z.union([
  z.strictObject({ id: uuid, uuid, description: longText, tags: z.array(z.string().max(1_000)).max(100) }),
  z.strictObject({ id: uuid, uuid, visibility, confirm: z.string().max(100).optional() }),
]);

export const spacesRouter = router({
  getSharedContext: protectedProcedure
    .input(z.strictObject({ uuid, id: idSchema }))
    .query(({ ctx, input }) => getSharedContext(ctx.services.db, ctx.user.id, input)),
  getUserSpaces: protectedProcedure.query(({ ctx }) => getUserSpaces(ctx.services.db, ctx.user.id)),
  getAllSharedCoursesWithFiles: protectedProcedure.query(({ ctx }) => getAllSharedCoursesWithFiles(ctx.services.db, ctx.user.id)),
  getSpaceContent: protectedProcedure
    .input(z.union([bySpaceId, byUuid]))
    .query(({ ctx, input }) => getSpaceContent(ctx.services.db, ctx.user.id, input)),
  /** The landing page's (`/space/{uuid}`) name for getSpaceContent({uuid}). */
  getSpaceByUuid: protectedProcedure.input(byUuid).query(({ ctx, input }) => getSpaceContent(ctx.services.db, ctx.user.id, input)),
  removeMember: protectedProcedure
    .input(z.strictObject({ spaceId: uuid, memberId: uuid }))
    .mutation(({ ctx, input }) => removeMember(ctx.services.db, ctx.user.id, input)),
  updateSpace: protectedProcedure.input(updateSpaceInput).mutation(({ ctx, input }) => updateSpace(ctx.services.db, ctx.user.id, input)),
  generateDescriptionAndTags: publicProcedure
    .input(z.strictObject({ spaceId: uuid, userId: idSchema, onlyDescription: z.boolean().default(false) }))
    .mutation(({ ctx, input }) => {
      // Public on purpose: a signed-out caller gets the spec's own message (§5), not the generic one.
      if (!ctx.user) throw spaceErrors.signedOutGenerate();
      if (input.userId !== ctx.user.id) throw spaceErrors.otherUser();
      return generateDescriptionAndTags({ db: ctx.services.db, engine: ctx.services.engine, log: ctx.log }, ctx.user.id, input);
    }),
  getInvitations: protectedProcedure.input(bySpaceId).query(({ ctx, input }) => getInvitations(ctx.services.db, ctx.user.id, input.spaceId)),
  getMembers: protectedProcedure.input(bySpaceId).query(({ ctx, input }) => getMembers(ctx.services.db, ctx.user.id, input.spaceId)),
  createSpace: protectedProcedure
    .input(z.strictObject({ name: z.string().max(1_000), description: longText.default(''), visibility: visibility.default('public'), directoryId: idSchema }))
    .mutation(({ ctx, input }) => createSpace(ctx.services.db, ctx.user.id, input)),
  addMember: protectedProcedure
    .input(z.strictObject({ spaceId: uuid, uuid, email: z.string().max(5_000), role: z.enum(SPACE_ROLES).default(DEFAULT_INVITE_ROLE) }))
    .mutation(({ ctx, input }) =>
      addMember(
        { db: ctx.services.db, log: ctx.log, appUrl: ctx.services.config.appUrl, mailer: mailerFor(ctx.services.config.mail, ctx.services.log) },
        ctx.user.id,
        input,
      ),
    ),
  toggleContentVisibility: protectedProcedure
    .input(z.strictObject({ spaceId: uuid, uuid, fileId: idSchema, isVisible: z.boolean() }))
    .mutation(({ ctx, input }) => toggleContentVisibility(ctx.services.db, ctx.user.id, input)),
  isDirectoryShared: protectedProcedure
    .input(z.strictObject({ directoryId: idSchema }))
    .query(({ ctx, input }) => isDirectoryShared(ctx.services.db, ctx.user.id, input.directoryId)),
  acceptInvitation: protectedProcedure
    .input(z.strictObject({ invitationId: uuid }))
    .mutation(({ ctx, input }) => acceptInvitation(ctx.services.db, ctx.user.id, input.invitationId)),
  joinPublicSpace: protectedProcedure.input(byUuid).mutation(({ ctx, input }) => joinPublicSpace(ctx.services.db, ctx.user.id, input.uuid)),
  leaveSpace: protectedProcedure.input(bySpaceId).mutation(({ ctx, input }) => leaveSpace(ctx.services.db, ctx.user.id, input.spaceId)),
  listPublicCourses: protectedProcedure
    .input(z.strictObject({ search: z.string().max(1_000).optional(), subject: z.enum(COURSE_SUBJECT_FILTERS).optional() }).optional())
    .query(({ ctx, input }) => listPublicCourses(ctx.services.db, ctx.user.id, input ?? {})),
  getMyInvitations: protectedProcedure.query(({ ctx }) => getMyInvitations(ctx.services.db, ctx.user.id)),
});
