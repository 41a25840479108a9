import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { idSchema } from '../../shared/schemas';
import { UploadPage } from '../features/upload/upload-page';
import { appLayoutRoute } from './_app';

/** `?directoryId=` is the course to upload to; anything malformed counts as no course, and the page offers a choice. */
export const uploadSearchSchema = z.object({ directoryId: idSchema.optional().catch(undefined) });

export const uploadRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/dashboard/upload',
  validateSearch: uploadSearchSchema,
  component: UploadRoutePage,
});

function UploadRoutePage() {
  const { directoryId } = uploadRoute.useSearch();
  return <UploadPage directoryId={directoryId} />;
}
