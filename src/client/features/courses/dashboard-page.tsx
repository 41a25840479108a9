import { useQuery } from '@tanstack/react-query';
import { FolderPlus, Plus, RotateCw } from 'lucide-react';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { isProcessing, useRetryProcessing } from '../../lib/file-processing';
import { shareCourse } from '../../lib/share-course';
import { useTRPC } from '../../lib/trpc';
import { CourseCard, type CourseCardActions } from './course-card';
import type { Course } from './course-list';
import { CreateCourseDialog } from './create-course-dialog';
import { DeleteCourseDialog } from './delete-course-dialog';
import { DeleteFileDialog } from './delete-file-dialog';
import { RenameDialog, type RenameTarget } from '../../components/rename-dialog';
import { useActiveFile, useOpenFile } from './use-course-actions';

/** How often the dashboard asks again while a file is still being read. */
const PROCESSING_POLL_MS = 2000;

/**
 * The courses, asked for again every two seconds while any file is queued or extracting, so states change on their
 * own; polling stops once every file is ready or failed. The sidebar shares the query, so it follows along.
 */
function useCoursesWhileProcessing() {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.directory.getDirectories.queryOptions(),
    refetchInterval: (query) =>
      query.state.data?.some((course) => course.files.some((file) => isProcessing(file.status))) ? PROCESSING_POLL_MS : false,
  });
}


/** The dashboard (spec §2): the student's courses with their files, and the dialogs that act on them. */
export function DashboardPage() {
  const { t } = useTranslation('courses');
  const courses = useCoursesWhileProcessing();
  const activeFile = useActiveFile();
  const { open, pendingId } = useOpenFile();
  const { retry, retryingId } = useRetryProcessing();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<RenameTarget | null>(null);
  const [deletingCourse, setDeletingCourse] = useState<Course | null>(null);
  const [deletingFile, setDeletingFile] = useState<{ id: string; name: string } | null>(null);
  useDashboardTitle();
  const landedOn = useCourseInAddress(courses.isSuccess);

  const actions: CourseCardActions = {
    onOpen: (file) => open(file.id),
    onRename: (file) => setRenaming({ kind: 'file', id: file.id, name: file.name }),
    onDelete: setDeletingFile,
    onRetry: (file) => retry(file.id),
    onRenameCourse: (course) => setRenaming({ kind: 'course', id: course.id, name: course.name }),
    onDeleteCourse: setDeletingCourse,
    onShareCourse: (course) => shareCourse({ directoryId: course.id, courseName: course.name }),
  };
  const hasCourses = (courses.data?.length ?? 0) > 0;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 md:px-8 md:py-10" data-testid="page-dashboard">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-extrabold tracking-tight md:text-3xl">
            {t('dashboard.title')}
          </h1>
          <p className="text-sm text-muted-foreground">{t('dashboard.subtitle')}</p>
        </div>
        {hasCourses && (
          <Button onClick={() => setCreating(true)} data-testid="dashboard-create-course">
            <Plus aria-hidden="true" />
            {t('dashboard.newCourse')}
          </Button>
        )}
      </header>
      <section id="files" aria-labelledby="files-heading" className="flex scroll-mt-24 flex-col gap-4">
        <h2 id="files-heading" className="sr-only">
          {t('dashboard.filesHeading')}
        </h2>
        {courses.isPending ? (
          <CoursesSkeleton />
        ) : courses.isError ? (
          <LoadFailed onRetry={() => void courses.refetch()} />
        ) : hasCourses ? (
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {courses.data.map((course) => (
              <CourseCard
                key={course.id}
                course={course}
                highlighted={course.id === landedOn}
                activeFileId={activeFile.data?.id}
                openingFileId={pendingId}
                retryingFileId={retryingId}
                actions={actions}
              />
            ))}
          </div>
        ) : (
          <EmptyCourses onCreate={() => setCreating(true)} />
        )}
      </section>
      <CreateCourseDialog open={creating} onOpenChange={setCreating} />
      <RenameDialog target={renaming} onClose={() => setRenaming(null)} />
      <DeleteCourseDialog course={deletingCourse} onClose={() => setDeletingCourse(null)} />
      <DeleteFileDialog file={deletingFile} onClose={() => setDeletingFile(null)} />
    </div>
  );
}

/**
 * The course an address lands on (`/dashboard#course-<id>`, where "Go to course" after an upload leads): once the
 * courses are drawn it is scrolled into view below the sticky header and marked, so the student sees the files they
 * just added in their course, not the top of a long dashboard.
 */
function useCourseInAddress(loaded: boolean): string | null {
  const hash = useRouterState({ select: (state) => state.location.hash }).replace(/^#/, '');
  const courseId = hash.startsWith('course-') ? hash.slice('course-'.length) : null;
  useEffect(() => {
    if (!loaded || !courseId) return;
    const card = document.getElementById(`course-${courseId}`)?.closest('section');
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    card?.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, [loaded, courseId]);
  return courseId;
}

function useDashboardTitle() {
  const { t } = useTranslation(['courses', 'shell']);
  const title = t('shell:documentTitle', { page: t('dashboard.title') });
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function CoursesSkeleton() {
  const { t } = useTranslation('courses');
  return (
    <div role="status" aria-label={t('dashboard.loading')} className="grid grid-cols-1 gap-4 lg:grid-cols-2" data-testid="dashboard-loading">
      {[0, 1].map((card) => (
        <div key={card} className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-4">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-xl" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-2/5" />
              <Skeleton className="h-3 w-1/5" />
            </div>
          </div>
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex items-center gap-3 px-2">
              <Skeleton className="size-9 rounded-lg" />
              <Skeleton className="h-4 flex-1" />
              <Skeleton className="h-5 w-14 rounded-full" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function EmptyCourses({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation('courses');
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-border px-6 py-14 text-center" data-testid="dashboard-empty">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-primary/12 text-primary">
        <FolderPlus aria-hidden="true" className="size-8" />
      </span>
      <h2 className="mt-6 text-xl font-extrabold tracking-tight">{t('dashboard.emptyTitle')}</h2>
      <p className="mt-2 max-w-md text-sm leading-relaxed text-balance text-muted-foreground">{t('dashboard.emptyBody')}</p>
      <Button size="lg" className="mt-6" onClick={onCreate} data-testid="dashboard-empty-create">
        <Plus aria-hidden="true" />
        {t('dashboard.emptyAction')}
      </Button>
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('courses');
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl border border-border px-6 py-10 text-center">
      <p className="text-sm font-semibold">{t('dashboard.loadFailed')}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t('dashboard.retry')}
      </Button>
    </div>
  );
}
