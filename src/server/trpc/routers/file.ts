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
import { protectedProcedure, router } from '../init';

const fileIdInput = z.object({ fileId: idSchema });

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
  renameFile: protectedProcedure
    .input(z.object({ fileId: idSchema, newName: fileNameSchema }))
    .mutation(({ ctx, input }) => renameFile({ db: ctx.services.db, userId: ctx.user.id, ...input })),
  getFileExtension: protectedProcedure
    .input(fileIdInput)
    .query(({ ctx, input }) => getFileExtension({ db: ctx.services.db, userId: ctx.user.id, fileId: input.fileId })),
  getProcessingStatus: protectedProcedure
    .input(fileIdInput)
    .query(({ ctx, input }) =>
      getProcessingStatus({ db: ctx.services.db, userId: ctx.user.id, fileId: input.fileId }),
    ),
  getFilePages: protectedProcedure
    .input(z.object({ fileId: idSchema, withText: z.boolean().default(true) }))
    .query(({ ctx, input }) => getFilePages({ db: ctx.services.db, userId: ctx.user.id, ...input })),
  regenerateArtefact: protectedProcedure
    .input(z.object({ fileId: idSchema, artefact: z.enum(studyArtefactKinds) }))
    .mutation(({ ctx, input }) =>
      regenerateArtefact({ db: ctx.services.db, studyQueue: ctx.services.studyQueue, userId: ctx.user.id, ...input }),
    ),
  retryProcessing: protectedProcedure
    .input(fileIdInput)
    .mutation(({ ctx, input }) => retryProcessing({ ...ctx.services, userId: ctx.user.id, fileId: input.fileId })),
});
