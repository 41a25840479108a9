import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { idSchema } from '../../shared/schemas';
import { UploadPage } from '../features/upload/upload-page';
import { appLayoutRoute } from './_app';

/**
 * `?directoryId=` is the course to upload to; anything malformed counts as no course, and the page offers a choice.
 * `?uuid=`: the course is a shared one (the space's link id), for its editors.
 */
export const uploadSearchSchema = z.object({
  directoryId: idSchema.optional().catch(undefined),
  uuid: z.string().max(100).optional().catch(undefined),
});

export const uploadRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/dashboard/upload',
  validateSearch: uploadSearchSchema,
  component: UploadRoutePage,
});

function UploadRoutePage() {
  const { directoryId, uuid } = uploadRoute.useSearch();
  return <UploadPage directoryId={directoryId} uuid={uuid} />;
}
