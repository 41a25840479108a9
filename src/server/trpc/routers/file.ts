import { z } from 'zod';
import { fileNameSchema } from '../../../shared/courses';
import { idSchema } from '../../../shared/schemas';
import { getFilePages } from '../../courses/file-pages';
import {
  deleteFile,
  getActiveFile,
  getFileExtension,
  getFilesByIds,
  getProcessingStatus,
  regenerateArtefact,
  renameFile,
  retryProcessing,
  setActiveFile,
} from '../../courses/files';
import { studyArtefactKinds } from '../../db/schema';
import {
  fileReaderOf,
  studyEditFilesForbidden,
  studyFileAction,
  studyOwnerOnly,
} from '../../sharing/study-access';
import { protectedProcedure, router, studyProcedure } from '../init';
import { studyContextFields } from '../../../shared/shared-context';

const fileIdInput = z.object({ fileId: idSchema });

/**
 * The shared-course context (spec §2 `?uuid=&id=`) of the procedures a member of a shared course uses on its files:
 * with `uuid`, access goes through the space (studyFileAccess) and the file is then read or renamed as its owner's,
 * the course owner's; without it, as before, the caller's own files only.
 */
const sharedFileInput = z.object({ fileId: idSchema, ...studyContextFields });

export const fileRouter = router({
  getActiveFile: protectedProcedure.query(({ ctx }) => getActiveFile({ db: ctx.services.db, userId: ctx.user.id })),
  setActiveFileId: protectedProcedure
    .input(fileIdInput)
    .mutation(async ({ ctx, input }) => {
      const target = await setActiveFile({ db: ctx.services.db, userId: ctx.user.id, fileId: input.fileId });
      return { activeFileId: target.id, activeDirectoryId: target.directory.id };
    }),
  // The spec's server action: the client refetches what depends on the active file from the answer.
  setActiveFileAndRevalidate: protectedProcedure
    .input(fileIdInput)
    .mutation(({ ctx, input }) => setActiveFile({ db: ctx.services.db, userId: ctx.user.id, fileId: input.fileId })),
  getFilesByIds: protectedProcedure
    .input(z.object({ fileIds: z.array(idSchema).max(100) }))
    .query(({ ctx, input }) => getFilesByIds({ db: ctx.services.db, userId: ctx.user.id, fileIds: input.fileIds })),
  deleteFile: protectedProcedure
    .input(fileIdInput)
    .mutation(({ ctx, input }) => deleteFile({ ...ctx.services, userId: ctx.user.id, fileId: input.fileId })),
  // Editors of a shared course rename its files too (the permission model's editFiles); viewers are refused.
  renameFile: studyProcedure
    .input(z.object({ fileId: idSchema, newName: fileNameSchema, ...studyContextFields }))
    .mutation(async ({ ctx, input }) => {
      const { db } = ctx.services;
      const { ownerId: userId } = await studyFileAction(db, ctx.user.id, input.fileId, ctx.shared, 'editFiles', studyEditFilesForbidden);
      return renameFile({ db, userId, fileId: input.fileId, newName: input.newName });
    }),
  getFileExtension: studyProcedure
    .input(sharedFileInput)
    .query(async ({ ctx, input }) =>
      getFileExtension({ db: ctx.services.db, userId: await fileReaderOf(ctx.services.db, ctx.user.id, input.fileId, ctx.shared), fileId: input.fileId }),
    ),
  getProcessingStatus: studyProcedure
    .input(sharedFileInput)
    .query(async ({ ctx, input }) =>
      getProcessingStatus({ db: ctx.services.db, userId: await fileReaderOf(ctx.services.db, ctx.user.id, input.fileId, ctx.shared), fileId: input.fileId }),
    ),
  getFilePages: studyProcedure
    .input(z.object({ fileId: idSchema, withText: z.boolean().default(true), ...studyContextFields }))
    .query(async ({ ctx, input }) =>
      getFilePages({
        db: ctx.services.db,
        userId: await fileReaderOf(ctx.services.db, ctx.user.id, input.fileId, ctx.shared),
        fileId: input.fileId,
        withText: input.withText,
      }),
    ),
  // The course owner's alone: what every member studies is not made again by a member (FORBIDDEN with `uuid`).
  regenerateArtefact: studyProcedure
    .input(z.object({ fileId: idSchema, artefact: z.enum(studyArtefactKinds), ...studyContextFields }))
    .mutation(async ({ ctx, input }) => {
      const { db, studyQueue } = ctx.services;
      const { ownerId: userId } = await studyFileAction(db, ctx.user.id, input.fileId, ctx.shared, 'manage', studyOwnerOnly);
      return regenerateArtefact({ db, studyQueue, userId, fileId: input.fileId, artefact: input.artefact });
    }),
  retryProcessing: protectedProcedure
    .input(fileIdInput)
    .mutation(({ ctx, input }) => retryProcessing({ ...ctx.services, userId: ctx.user.id, fileId: input.fileId })),
});
