import { BookOpen, CircleAlert, Eye, LoaderCircle, MoreHorizontal, Pencil, RotateCw, Share2, Trash2, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UnreadablePagesNote, useReadingPageText } from '../../components/file-reading';
import { Button } from '../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/cn';
import { fileFailureReason } from '../../lib/file-failure';
import { isViewableExtension, useFileViewer } from '../../lib/file-viewer';
import { ocrProgressOf } from '../../lib/ocr';
import type { CourseFile } from './course-list';
import { FileStatusBadge, FileTypeIcon } from './file-look';

export interface FileRowActions {
  onOpen: (file: CourseFile) => void;
  onRename: (file: CourseFile) => void;
  onDelete: (file: CourseFile) => void;
  onRetry: (file: CourseFile) => void;
}

/**
 * One file of a course on the dashboard: open it by its name, rename or delete it from its menu. Its state shows as a
 * pill (spinning while it is read, with the page OCR is reading of a scan or a photo); a failed file also says why and
 * offers Retry and Delete right there; a ready file whose OCR skipped pages names them in a quiet line.
 */
export function FileRow({
  file,
  active,
  opening,
  retrying,
  actions,
  onShare,
}: {
  file: CourseFile;
  active: boolean;
  opening: boolean;
  retrying: boolean;
  actions: FileRowActions;
  /** Shares the file's course (spec §4's Share flow); the menu has no Share without it. */
  onShare?: () => void;
}) {
  const { t } = useTranslation('courses');
  const readingPageText = useReadingPageText();
  const failed = file.status === 'failed';
  const progress = ocrProgressOf(file);
  return (
    <li
      data-testid="dashboard-file"
      data-status={file.status}
      className={cn('flex flex-col rounded-xl px-2 py-1.5 transition-colors hover:bg-muted/60', active && 'bg-primary/8')}
    >
      <div className="flex items-center gap-2">
        <button
          type="button"
          onClick={() => actions.onOpen(file)}
          aria-current={active ? 'true' : undefined}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-lg py-1 text-left"
        >
          <span
            className={cn(
              'flex size-9 shrink-0 items-center justify-center rounded-lg',
              failed ? 'bg-destructive/10 text-destructive' : 'bg-muted text-muted-foreground',
            )}
          >
            {opening ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <FileTypeIcon extension={file.extension} video={file.isVideo} className="size-4" />}
          </span>
          <span className="flex min-w-0 flex-col">
            <span className={cn('truncate text-sm font-semibold', active && 'text-primary')}>{file.name}</span>
            <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground">
              <span className="uppercase">{file.isVideo ? t('file.video') : file.extension}</span>
              {file.status === 'ready' && file.pageCount !== null && (
                <span data-testid="file-pages">{t('file.pages', { count: file.pageCount })}</span>
              )}
              {progress && (
                <span className="text-sky-700 dark:text-sky-400" data-testid="file-progress">
                  {readingPageText(progress)}
                </span>
              )}
              {active && <span className="font-semibold text-primary">{t('file.active')}</span>}
            </span>
          </span>
        </button>
        <FileStatusBadge status={file.status} />
        <FileMenu file={file} actions={actions} onShare={onShare} />
      </div>
      {failed && <FailedFile file={file} retrying={retrying} actions={actions} />}
      {file.status === 'ready' && <UnreadablePagesNote pages={file.unreadablePages} className="mt-0.5 mb-1 pl-12" />}
      {file.status === 'ready' && file.tooLittleText && (
        // Said here, once, before a tab is opened: no retry makes a summary from a few lines (shared/artefacts.ts).
        <p className="mt-0.5 mb-1 flex items-start gap-1.5 pl-12 text-xs text-amber-800 dark:text-amber-300" data-testid="file-too-little-text">
          <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          {t('file.tooLittleText')}
        </p>
      )}
    </li>
  );
}

function FailedFile({ file, retrying, actions }: { file: CourseFile; retrying: boolean; actions: FileRowActions }) {
  const { t } = useTranslation(['courses', 'ingest']);
  const reason = fileFailureReason(file, t) ?? t('file.failedNoReason');
  return (
    <div className="mt-0.5 mb-1 flex flex-col gap-2 pl-12" data-testid="file-failure">
      <p className="flex min-w-0 items-start gap-1.5 text-xs font-medium text-destructive">
        <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        <span data-testid="file-failure-reason">{reason}</span>
      </p>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" className="h-7 px-2.5 text-xs" onClick={() => actions.onRetry(file)} disabled={retrying} data-testid="file-retry">
          <RotateCw aria-hidden="true" className={cn(retrying && 'animate-spin')} />
          {t('file.retry')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="h-7 px-2.5 text-xs text-destructive hover:bg-destructive/10"
          onClick={() => actions.onDelete(file)}
          data-testid="file-failure-delete"
        >
          <Trash2 aria-hidden="true" />
          {t('file.delete')}
        </Button>
      </div>
    </div>
  );
}

function FileMenu({ file, actions, onShare }: { file: CourseFile; actions: FileRowActions; onShare: (() => void) | undefined }) {
  const { t } = useTranslation('courses');
  const { viewFile } = useFileViewer();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={t('file.actions', { name: file.name })} data-testid="file-menu">
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => actions.onOpen(file)}>
          <BookOpen aria-hidden="true" />
          {t('file.open')}
        </DropdownMenuItem>
        {isViewableExtension(file.extension) && (
          <DropdownMenuItem onSelect={() => viewFile(file)} data-testid="file-menu-view">
            <Eye aria-hidden="true" />
            {t('file.view')}
          </DropdownMenuItem>
        )}
        {onShare && (
          <DropdownMenuItem onSelect={onShare} data-testid="file-menu-share">
            <Share2 aria-hidden="true" />
            {t('file.share')}
          </DropdownMenuItem>
        )}
        {file.status === 'failed' && (
          <DropdownMenuItem onSelect={() => actions.onRetry(file)}>
            <RotateCw aria-hidden="true" />
            {t('file.retry')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => actions.onRename(file)}>
          <Pencil aria-hidden="true" />
          {t('file.rename')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.onDelete(file)} className="text-destructive">
          <Trash2 aria-hidden="true" />
          {t('file.delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
