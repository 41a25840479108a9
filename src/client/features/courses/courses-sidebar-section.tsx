import { Link } from '@tanstack/react-router';
import { Folder, FolderPlus, Plus, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/ui/skeleton';
import { Tooltip } from '../../components/ui/tooltip';
import type { Course } from './course-list';
import { CreateCourseDialog } from './create-course-dialog';
import { FileTypeIcon } from './file-look';
import { sidebarRowClass } from './sidebar-row';
import { useActiveFile, useCourses, useOpenFile } from './use-course-actions';

const iconButtonClass =
  'inline-flex size-7 shrink-0 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground [&_svg]:size-4';

/**
 * The sidebar's Courses section (spec §2): add course, upload, and every course with its files. The shell renders it
 * in the slot it is given, since features do not import each other.
 */
export function CoursesSidebarSection() {
  const { t } = useTranslation('courses');
  const courses = useCourses();
  const activeFile = useActiveFile();
  const [creating, setCreating] = useState(false);
  // Uploading goes to the open file's course, else the newest course.
  const uploadCourseId = activeFile.data?.directory.id ?? courses.data?.[0]?.id;
  return (
    <section aria-labelledby="sidebar-courses-heading" className="flex flex-col gap-1" data-testid="sidebar-courses">
      <div className="flex items-center gap-1 pr-1 pl-2">
        <h2 id="sidebar-courses-heading" className="flex-1 truncate py-1.5 pl-5 text-xs font-bold tracking-wide text-muted-foreground uppercase">
          {t('sidebar.title')}
        </h2>
        <Tooltip content={t('sidebar.upload')}>
          <Link to="/dashboard/upload" search={{ directoryId: uploadCourseId }} aria-label={t('sidebar.upload')} className={iconButtonClass} data-testid="sidebar-upload">
            <Upload aria-hidden="true" />
          </Link>
        </Tooltip>
        <Tooltip content={t('sidebar.add')}>
          <button type="button" onClick={() => setCreating(true)} aria-label={t('sidebar.add')} className={iconButtonClass} data-testid="sidebar-add-course">
            <Plus aria-hidden="true" />
          </button>
        </Tooltip>
      </div>
      {courses.isPending ? (
        <div className="flex flex-col gap-2 px-4 py-1" aria-hidden="true">
          <Skeleton className="h-4 w-3/5" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      ) : courses.data?.length ? (
        <CourseTree courses={courses.data} activeFileId={activeFile.data?.id} />
      ) : courses.isError ? (
        // Not "no courses": the list could not be read (offline, the server away).
        <div className="mx-2 flex items-center gap-2 rounded-xl border border-dashed border-border px-3 py-2" data-testid="sidebar-courses-failed">
          <p className="min-w-0 flex-1 text-xs leading-relaxed text-muted-foreground">{t('sidebar.loadFailed')}</p>
          <button type="button" className="shrink-0 text-xs font-semibold text-primary-tint-foreground hover:underline" onClick={() => void courses.refetch()}>
            {t('sidebar.retry')}
          </button>
        </div>
      ) : (
        <div className="mx-2 flex items-start gap-3 rounded-xl border border-dashed border-border px-3 py-3">
          <FolderPlus aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="flex flex-col gap-0.5">
            <p className="text-sm font-semibold">{t('sidebar.emptyTitle')}</p>
            <p className="text-xs leading-relaxed text-muted-foreground">{t('sidebar.emptyBody')}</p>
          </div>
        </div>
      )}
      <CreateCourseDialog open={creating} onOpenChange={setCreating} />
    </section>
  );
}

function CourseTree({ courses, activeFileId }: { courses: Course[]; activeFileId: string | undefined }) {
  const { t } = useTranslation('courses');
  const { open } = useOpenFile();
  return (
    <ul className="flex flex-col gap-1 px-2">
      {courses.map((course) => (
        <li key={course.id} data-testid="sidebar-course">
          <Link to="/dashboard" hash="files" className={sidebarRowClass}>
            <Folder aria-hidden="true" className="text-muted-foreground" />
            <span className="truncate font-semibold">{course.name}</span>
          </Link>
          <ul className="ml-5 flex flex-col gap-0.5 border-l border-border pl-2">
            {course.files.length === 0 && <li className="px-3 py-1.5 text-xs text-muted-foreground">{t('sidebar.noFiles')}</li>}
            {course.files.map((file) => (
              <li key={file.id}>
                <button type="button" onClick={() => open(file.id)} aria-current={file.id === activeFileId ? 'true' : undefined} className={sidebarRowClass} data-testid="sidebar-file">
                  <FileTypeIcon extension={file.extension} video={file.isVideo} />
                  <span className="truncate">{file.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
