import { Link } from '@tanstack/react-router';
import { FileUp, Folder, MoreHorizontal, Pencil, Share2, Trash2, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import type { Course } from './course-list';
import { FileRow, type FileRowActions } from './file-row';

export interface CourseCardActions extends FileRowActions {
  onRenameCourse: (course: Course) => void;
  onDeleteCourse: (course: Course) => void;
  /** Spec §4's Share flow on the course: the way to share on a phone, which has no header. */
  onShareCourse: (course: Course) => void;
}

/** A course on the dashboard with its files, upload and its own rename and delete. */
export function CourseCard({
  course,
  highlighted = false,
  activeFileId,
  openingFileId,
  retryingFileId,
  actions,
}: {
  course: Course;
  /** The course the address landed on (dashboard#course-<id>): marked. */
  highlighted?: boolean;
  activeFileId: string | undefined;
  openingFileId: string | undefined;
  retryingFileId?: string;
  actions: CourseCardActions;
}) {
  const { t } = useTranslation('courses');
  const headingId = `course-${course.id}`;
  return (
    <section
      aria-labelledby={headingId}
      aria-current={highlighted ? 'location' : undefined}
      data-testid="dashboard-course"
      data-highlighted={highlighted ? 'true' : undefined}
      className={cn(
        'flex min-w-0 scroll-mt-24 flex-col rounded-2xl border border-border bg-card p-4 shadow-xs transition-shadow',
        highlighted && 'border-primary ring-2 ring-primary/40',
      )}
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/12 text-primary">
          <Folder aria-hidden="true" className="size-5" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col">
          <h3 id={headingId} className="truncate text-base font-bold" data-testid="dashboard-course-name">
            {course.name}
          </h3>
          <p className="text-xs text-muted-foreground">{t('course.fileCount', { count: course.files.length })}</p>
        </div>
        <Button asChild variant="outline" size="sm" className="shrink-0">
          <Link to="/dashboard/upload" search={{ directoryId: course.id }} data-testid="course-upload">
            <Upload aria-hidden="true" />
            <span className="max-sm:sr-only">{t('course.upload')}</span>
          </Link>
        </Button>
        <CourseMenu course={course} actions={actions} />
      </div>
      {course.files.length === 0 ? (
        <Link
          to="/dashboard/upload"
          search={{ directoryId: course.id }}
          className="mt-4 flex items-center gap-3 rounded-xl border border-dashed border-border px-4 py-4 text-left transition-colors hover:bg-muted/50"
        >
          <FileUp aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          <span className="flex flex-col">
            <span className="text-sm font-semibold">{t('course.noFiles')}</span>
            <span className="text-xs text-muted-foreground">{t('course.noFilesHint')}</span>
          </span>
        </Link>
      ) : (
        <ul className="mt-3 flex flex-col gap-0.5">
          {course.files.map((file) => (
            <FileRow
              key={file.id}
              file={file}
              active={file.id === activeFileId}
              opening={file.id === openingFileId}
              retrying={file.id === retryingFileId}
              actions={actions}
              onShare={() => actions.onShareCourse(course)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function CourseMenu({ course, actions }: { course: Course; actions: CourseCardActions }) {
  const { t } = useTranslation('courses');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="shrink-0" aria-label={t('course.actions', { name: course.name })} data-testid="course-menu">
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => actions.onShareCourse(course)} data-testid="course-share">
          <Share2 aria-hidden="true" />
          {t('course.share')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.onRenameCourse(course)} data-testid="course-rename">
          <Pencil aria-hidden="true" />
          {t('course.rename')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.onDeleteCourse(course)} className="text-destructive" data-testid="course-delete">
          <Trash2 aria-hidden="true" />
          {t('course.delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
