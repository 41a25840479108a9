import { z } from 'zod';
import { courseNameSchema, createCourseSchema } from '../../../shared/courses';
import { idSchema } from '../../../shared/schemas';
import {
  createCourse,
  deleteCourse,
  getActiveCourseId,
  getCourseOfActiveFile,
  listCourseFiles,
  listCourses,
  renameCourse,
} from '../../courses/directories';
import { protectedProcedure, router } from '../init';

/** Courses (spec §7 "Files and directories"; a course is a directory in the spec's procedure names). */
export const directoryRouter = router({
  getDirectories: protectedProcedure.query(({ ctx }) => listCourses({ db: ctx.services.db, userId: ctx.user.id })),
  getActiveDirectoryId: protectedProcedure.query(({ ctx }) =>
    getActiveCourseId({ db: ctx.services.db, userId: ctx.user.id }),
  ),
  getActiveDirectoryFromActiveFile: protectedProcedure.query(({ ctx }) =>
    getCourseOfActiveFile({ db: ctx.services.db, userId: ctx.user.id }),
  ),
  createDirectory: protectedProcedure
    .input(createCourseSchema)
    .mutation(({ ctx, input }) => createCourse({ db: ctx.services.db, userId: ctx.user.id, ...input })),
  deleteDirectory: protectedProcedure
    .input(z.object({ id: idSchema }))
    .mutation(({ ctx, input }) => deleteCourse({ ...ctx.services, userId: ctx.user.id, courseId: input.id })),
  renameDirectory: protectedProcedure
    .input(z.object({ directoryId: idSchema, newName: courseNameSchema }))
    .mutation(({ ctx, input }) =>
      renameCourse({ db: ctx.services.db, userId: ctx.user.id, courseId: input.directoryId, newName: input.newName }),
    ),
  getAzureDirectoryFiles: protectedProcedure
    .input(z.object({ directoryId: idSchema }))
    .query(({ ctx, input }) =>
      listCourseFiles({ db: ctx.services.db, userId: ctx.user.id, courseId: input.directoryId }),
    ),
});
