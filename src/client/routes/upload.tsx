import { createRoute } from '@tanstack/react-router';
import { loadNamespaces } from '../lib/i18n';
import { searchText } from '../lib/search';
import { appLayoutRoute } from './_app';

/**
 * `?directoryId=` is the course to upload to; anything malformed counts as no course, and the page offers a choice.
 * `?uuid=`: the course is a shared one (the space's link id), for its editors.
 */
export const uploadSearchSchema = {
  parse: (search: Record<string, unknown>): { directoryId?: string; uuid?: string } => ({
    // shared/schemas' idSchema: trimmed, 1 to 128 characters.
    directoryId: searchText(search.directoryId, { trim: true, min: 1, max: 128 }),
    uuid: searchText(search.uuid, { max: 100 }),
  }),
};

export const uploadRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/dashboard/upload',
  validateSearch: uploadSearchSchema,
  loader: () => loadNamespaces('upload', 'ingest', 'shell'),
}).lazy(() => import('./upload.lazy').then((module) => module.uploadLazyRoute));
