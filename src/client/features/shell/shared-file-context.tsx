import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronRight, FileText, PencilLine, Eye, Users } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionQueryOptions } from '../../lib/session';
import type { ShareTarget } from '../../lib/share-course';
import { cn } from '../../lib/cn';
import { useSharedContext } from '../../lib/spaces';
import { markCourseVisited } from '../../lib/visited-courses';
import { ViewFileAction } from './view-file-action';

/** The sharing feature's Share button, given to the shell by routes/_app.tsx (features do not import each other). */
export type ShareActionRenderer = (target: ShareTarget | null) => ReactNode;

/**
 * The header in a shared course (spec §2: ?uuid=&id= on a study tab): 'Shared: {space name}', the file, and whether
 * the student may edit ('Edit Access') or only study ('Read only'). Opening it counts as a visit for the sidebar's badge.
 */
export function SharedFileContext({ uuid, id, shareAction }: { uuid: string; id: string; shareAction?: ShareActionRenderer }) {
  const { t } = useTranslation('sharing');
  const context = useSharedContext({ uuid, id });
  const userId = useQuery(sessionQueryOptions).data?.user.id;
  const data = context.data;
  useEffect(() => {
    if (userId && data) markCourseVisited(userId, data.sharedSpaceId);
  }, [userId, data]);
  if (!data) {
    return (
      <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground" data-testid="header-shared-context">
        <Users aria-hidden="true" className="size-4 shrink-0" />
        <span className="truncate">{context.isError ? t('header.unavailable') : t('header.loading')}</span>
      </p>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-3" data-testid="header-shared-context">
      <ol className="flex min-w-0 items-center text-sm">
        <li className="min-w-0">
          <Link to="/space/$uuid" params={{ uuid }} className="flex min-w-0 items-center gap-2 rounded-md px-1 py-1 text-muted-foreground hover:text-foreground">
            <Users aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate" data-testid="header-shared-name">
              {t('header.shared', { name: data.spaceName })}
            </span>
          </Link>
        </li>
        <li className="flex min-w-0 items-center">
          <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span aria-current="page" className="flex min-w-0 items-center gap-2 px-1 py-1 font-semibold">
            <FileText aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{data.fileName}</span>
          </span>
        </li>
      </ol>
      <span
        data-testid="header-shared-access"
        className={cn(
          'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold',
          data.canEdit ? 'bg-primary/12 text-primary' : 'bg-muted text-muted-foreground',
        )}
      >
        {data.canEdit ? <PencilLine aria-hidden="true" className="size-3.5" /> : <Eye aria-hidden="true" className="size-3.5" />}
        {data.canEdit ? t('header.editAccess') : t('header.readOnly')}
      </span>
      <div className="flex shrink-0 items-center gap-2">
        <ViewFileAction file={{ id, extension: data.extension }} />
        {shareAction && shareAction({ sharedSpaceId: data.sharedSpaceId })}
      </div>
    </div>
  );
}
