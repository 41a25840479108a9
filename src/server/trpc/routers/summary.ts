import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { idSchema } from '../../../shared/schemas';
import { summary } from '../../db/schema';
import { sharedOf, studyFileAccess } from '../../sharing/study-access';
import { protectedProcedure, router } from '../init';

/** The shared-course context of the study tabs (spec §2, `?uuid=&id=`): `uuid` names the space (studyFileAccess). */
const sharedContext = { uuid: z.string().max(100).optional(), id: z.string().max(100).optional() };

/** Study tab procedures for the summary tab (issue 5); see README's API section. */
export const summaryRouter = router({
  /**
   * The file's stored summary: its structured content (sections and key terms, each with its source page) and the
   * markdown the Copy button hands out. Null while the summary has not been made yet — the tab shows the artefact's
   * progress from file.getProcessingStatus meanwhile. A file the caller may not study is NOT_FOUND.
   */
  get: protectedProcedure
    .input(z.object({ fileId: idSchema, ...sharedContext }))
    .query(async ({ ctx, input }) => {
      const access = await studyFileAccess(ctx.services.db, ctx.user.id, input.fileId, sharedOf(input));
      const [row] = await ctx.services.db
        .select({ markdown: summary.markdown, content: summary.content, createdAt: summary.createdAt })
        .from(summary)
        .where(eq(summary.fileId, access.fileId))
        .limit(1);
      if (!row) return null;
      const { title, overview, sections, keyTerms } = row.content;
      return {
        fileId: access.fileId,
        fileName: access.fileName,
        title,
        overview,
        sections,
        keyTerms,
        markdown: row.markdown,
        createdAt: row.createdAt,
      };
    }),
});
