import { BookOpen, LoaderCircle, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import { cn } from '../../lib/cn';
import type { CourseFile } from './course-list';
import { FileTypeIcon, STATUS_CLASS } from './file-look';

export interface FileRowActions {
  onOpen: (file: CourseFile) => void;
  onRename: (file: CourseFile) => void;
  onDelete: (file: CourseFile) => void;
}

/** One file of a course on the dashboard: open it by its name, rename or delete it from its menu. */
export function FileRow({ file, active, opening, actions }: { file: CourseFile; active: boolean; opening: boolean; actions: FileRowActions }) {
  const { t } = useTranslation('courses');
  return (
    <li
      data-testid="dashboard-file"
      className={cn('flex items-center gap-2 rounded-xl px-2 py-1.5 transition-colors hover:bg-muted/60', active && 'bg-primary/8')}
    >
      <button
        type="button"
        onClick={() => actions.onOpen(file)}
        aria-current={active ? 'true' : undefined}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg py-1 text-left"
      >
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          {opening ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : <FileTypeIcon extension={file.extension} className="size-4" />}
        </span>
        <span className="flex min-w-0 flex-col">
          <span className={cn('truncate text-sm font-semibold', active && 'text-primary')}>{file.name}</span>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted-foreground">
            <span className="uppercase">{file.extension}</span>
            {file.pageCount !== null && <span>{t('file.pages', { count: file.pageCount })}</span>}
            {active && <span className="font-semibold text-primary">{t('file.active')}</span>}
          </span>
        </span>
      </button>
      <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_CLASS[file.status])} data-testid="file-status">
        {t(`file.status.${file.status}`)}
      </span>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={t('file.actions', { name: file.name })}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => actions.onOpen(file)}>
            <BookOpen aria-hidden="true" />
            {t('file.open')}
          </DropdownMenuItem>
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
    </li>
  );
}
