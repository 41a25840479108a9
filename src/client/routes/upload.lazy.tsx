import { createLazyRoute } from '@tanstack/react-router';
import { UploadPage } from '../features/upload/upload-page';

export const uploadLazyRoute = createLazyRoute('/app/dashboard/upload')({ component: UploadRoutePage });

function UploadRoutePage() {
  const { directoryId, uuid } = uploadLazyRoute.useSearch();
  return <UploadPage directoryId={directoryId} uuid={uuid} />;
}
