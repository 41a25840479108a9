import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { ArrowLeft, ArrowRight, CircleCheck, Folder, LoaderCircle, RotateCw, Upload } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorData } from '../../lib/errors';
import { useSpaceByUuid } from '../../lib/spaces';
import { ChosenFileList } from './chosen-file-list';
import { CourseNotFound, CoursePicker } from './course-choice';
import { DropZone } from './drop-zone';
import { problemMessage, refusalMessage } from './refusal-message';
import { UploadAlert } from './upload-alert';
import { formatFileSize, offersUpgrade, upgradeRaises } from './upload-rules';
import { UploadedFileList } from './uploaded-file-list';
import { useFileUpload } from './use-file-upload';
import { isProcessing } from '../../lib/file-processing';
import type { CreatedFile } from './upload-request';
import { useLiveFiles } from './use-live-files';
import { useUploadCourses, type UploadCourse } from './use-upload-courses';
import { useUploadPlan } from './use-upload-plan';
import { VideoLinkForm } from './video-link-form';

/** The course an upload goes to: its id and the name the page shows. */
type CourseRef = Pick<UploadCourse, 'id' | 'name'>;

/**
 * `/dashboard/upload?directoryId={id}` (spec §2): documents and video links into one of the student's courses, or
 * with `&uuid=` (the space's link id) into a course shared with them as an editor; the files stay the owner's.
 */
export function UploadPage({ directoryId, uuid }: { directoryId: string | undefined; uuid?: string | undefined }) {
  const { t } = useTranslation(['upload', 'errors']);
  useUploadTitle(t('title'));
  useDropsStayOnPage();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 md:px-8 md:py-10" data-testid="page-upload">
      {uuid ? <UploadToSharedCourse uuid={uuid} directoryId={directoryId} /> : <UploadToOwnCourse directoryId={directoryId} />}
    </div>
  );
}

function UploadToOwnCourse({ directoryId }: { directoryId: string | undefined }) {
  const courses = useUploadCourses();
  const course = directoryId ? courses.data?.find((candidate) => candidate.id === directoryId) : undefined;
  if (courses.isPending) return <UploadSkeleton />;
  if (courses.isError) return <LoadFailed onRetry={() => void courses.refetch()} />;
  if (!directoryId) return <CoursePicker courses={courses.data} />;
  if (!course) return <CourseNotFound />;
  return <UploadToCourse key={course.id} course={course} canSwitch={courses.data.length > 1} />;
}

/**
 * A shared course, named by its space (spaces.getSpaceContent by link id): only for those who may edit its files, and
 * only the space's own course. A link the caller may not use reads as a course not found, as the server answers it.
 */
function UploadToSharedCourse({ uuid, directoryId }: { uuid: string; directoryId: string | undefined }) {
  const space = useSpaceByUuid(uuid);
  if (space.isPending) return <UploadSkeleton />;
  if (space.isError) {
    const status = errorData(space.error)?.httpStatus;
    if (status === 400 || status === 403 || status === 404) return <CourseNotFound />;
    return <LoadFailed onRetry={() => void space.refetch()} />;
  }
  const { access, directoryId: courseId, name } = space.data;
  if (!access.canEditFiles || (directoryId !== undefined && directoryId !== courseId)) return <CourseNotFound />;
  return <UploadToCourse key={courseId} course={{ id: courseId, name }} canSwitch={false} uuid={uuid} />;
}

function UploadToCourse({ course, canSwitch, uuid }: { course: CourseRef; canSwitch: boolean; uuid?: string }) {
  const { t } = useTranslation(['upload', 'errors']);
  const ownPlan = useUploadPlan();
  // A shared course's uploads count against its owner's plan, which the editor does not know: the server judges.
  const plan = uuid ? undefined : ownPlan;
  return (
    <>
      <header className="flex flex-col gap-4">
        {uuid ? (
          <Link to="/space/$uuid" params={{ uuid }} className={backLinkClass} data-testid="upload-back-to-space">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('backToSharedCourse')}
          </Link>
        ) : (
          <Link to="/dashboard" hash="files" className={backLinkClass}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('back')}
          </Link>
        )}
        <div className="flex items-center gap-3">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-primary/12 text-primary">
            <Folder aria-hidden="true" className="size-6" />
          </span>
          <div className="flex min-w-0 flex-1 flex-col">
            <p className="text-xs font-bold tracking-wide text-muted-foreground uppercase">{t('uploadTo')}</p>
            <h1 id="page-title" className="truncate text-2xl font-extrabold tracking-tight md:text-3xl" data-testid="upload-course-name">
              {course.name}
            </h1>
          </div>
          {canSwitch && (
            <Button asChild variant="ghost" size="sm" className="shrink-0 text-muted-foreground">
              <Link to="/dashboard/upload" data-testid="upload-switch-course">
                {t('switchCourse')}
              </Link>
            </Button>
          )}
        </div>
      </header>
      <FilesCard course={course} plan={plan} uuid={uuid} />
      <div className="flex items-center gap-3 text-xs font-bold tracking-wide text-muted-foreground uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {t('or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <VideoLinkForm directoryId={course.id} uuid={uuid} planSlug={plan?.slug} />
    </>
  );
}

const backLinkClass =
  'inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground';

function FilesCard({ course, plan, uuid }: { course: CourseRef; plan: Plan | undefined; uuid: string | undefined }) {
  const { t, i18n } = useTranslation(['upload', 'errors']);
  const upload = useFileUpload(course.id, plan, uuid);
  const { phase, chosen } = upload;
  const totalBytes = chosen.reduce((sum, { file }) => sum + file.size, 0);
  const overallPercent = phase.name === 'uploading' && totalBytes > 0 ? Math.round((Math.min(phase.sentBytes, totalBytes) / totalBytes) * 100) : 0;
  const refusedName = phase.name === 'refused' ? stringParam(phase.error.messageParams?.name) : undefined;

  return (
    <section aria-labelledby="upload-files-heading" className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 shadow-xs md:p-6" data-testid="upload-files-card" aria-busy={phase.name === 'uploading' ? 'true' : undefined}>
      <h2 id="upload-files-heading" className="sr-only">
        {t('files.heading')}
      </h2>
      {phase.name === 'uploaded' ? (
        <>
          <div className="flex items-center gap-3" role="status">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-600 dark:text-emerald-400">
              <CircleCheck aria-hidden="true" className="size-5" />
            </span>
            <div className="flex flex-col">
              <p className="font-bold" data-testid="upload-done">
                {t('done.title', { count: phase.created.length })}
              </p>
              <UploadedNote created={phase.created} uuid={uuid} />
            </div>
          </div>
          <UploadedFileList created={phase.created} uuid={uuid} testId="upload-uploaded" />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" size="lg" onClick={upload.reset} data-testid="upload-more">
              <Upload aria-hidden="true" />
              {t('done.more')}
            </Button>
            <Button asChild size="lg">
              {uuid ? (
                <Link to="/space/$uuid" params={{ uuid }} data-testid="upload-go-to-course">
                  {t('done.toCourse')}
                  <ArrowRight aria-hidden="true" />
                </Link>
              ) : (
                <Link to="/dashboard" hash={`course-${course.id}`} data-testid="upload-go-to-course">
                  {t('done.toCourse')}
                  <ArrowRight aria-hidden="true" />
                </Link>
              )}
            </Button>
          </div>
        </>
      ) : (
        <>
          <DropZone onFiles={upload.add} disabled={upload.busy} compact={chosen.length > 0} hint={dropHint(plan, t, i18n.language)} />
          {chosen.length > 0 && (
            <ChosenFileList
              chosen={chosen}
              problems={upload.problems}
              progress={upload.progress}
              phase={phase}
              refusedName={refusedName}
              onRemove={upload.remove}
            />
          )}
          {upload.tooMany && (
            <UploadAlert
              tone={plan && upgradeRaises(plan, 'maxFiles') ? 'limit' : 'refused'}
              message={problemMessage(upload.tooMany, t)}
              testId="upload-precheck"
            />
          )}
          {phase.name === 'refused' && (
            <UploadAlert
              tone={offersUpgrade({ status: phase.status, messageKey: phase.error.messageKey }, plan?.slug) ? 'limit' : 'refused'}
              message={refusalMessage(phase.error, t, t('alert.refusedFallback'))}
            />
          )}
          {phase.name === 'failed' && (
            <UploadAlert
              tone={phase.status ? 'error' : 'offline'}
              message={phase.status ? refusalMessage(phase.error, t, t('alert.serverFailed')) : t('alert.failed')}
              onRetry={() => void upload.upload()}
            />
          )}
          {chosen.length > 0 && (
            <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted-foreground" data-testid="upload-summary">
                {t('files.summary', { count: chosen.length, size: formatFileSize(totalBytes, i18n.language) })}
              </p>
              <Button size="lg" onClick={() => void upload.upload()} disabled={!upload.canUpload} data-testid="upload-submit" className="sm:min-w-44">
                {phase.name === 'uploading' ? (
                  <>
                    <LoaderCircle aria-hidden="true" className="animate-spin" />
                    {t('files.uploading', { percent: overallPercent })}
                  </>
                ) : (
                  <>
                    <Upload aria-hidden="true" />
                    {t('files.submit', { count: chosen.length })}
                  </>
                )}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/**
 * What happens next, as the files' live state tells it: "we're reading it now" only while one is still being read;
 * then that they are ready to study, or that reading is over and the list says which failed and why. The list below
 * asks for the same state (one query, shared).
 */
function UploadedNote({ created, uuid }: { created: CreatedFile[]; uuid: string | undefined }) {
  const { t } = useTranslation(['upload', 'errors']);
  const live = useLiveFiles(
    created.map((file) => file.id),
    uuid,
  ).data;
  const count = created.length;
  const known = live !== undefined && live.length === count;
  const note = !known || live.some((file) => isProcessing(file.status))
    ? t('done.body', { count })
    : live.every((file) => file.status === 'ready')
      ? t('done.ready', { count })
      : t('done.finished', { count });
  return (
    <p className="text-sm text-muted-foreground" data-testid="upload-done-note">
      {note}
    </p>
  );
}

function dropHint(plan: Plan | undefined, t: TFunction, locale: string): string[] {
  const types = t('drop.types');
  if (!plan) return [types];
  return [types, t('drop.limits', { plan: plan.name, size: formatFileSize(plan.maxFileSize * 1024 * 1024, locale), count: plan.maxFiles })];
}

function stringParam(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function useUploadTitle(page: string) {
  const { t } = useTranslation(['shell', 'errors']);
  const title = t('documentTitle', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** A file dropped just beside the drop zone must not make the browser leave the page to open it. */
function useDropsStayOnPage() {
  useEffect(() => {
    const keep = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);
}

function UploadSkeleton() {
  const { t } = useTranslation(['upload', 'errors']);
  return (
    <div role="status" aria-label={t('loading')} className="flex flex-col gap-6">
      <div className="flex items-center gap-3">
        <Skeleton className="size-12 rounded-2xl" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-3 w-20" />
          <Skeleton className="h-7 w-2/5" />
        </div>
      </div>
      <Skeleton className="h-64 rounded-2xl" />
      <Skeleton className="h-40 rounded-2xl" />
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['upload', 'errors']);
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl border border-border px-6 py-10 text-center">
      <p className="text-sm font-semibold">{t('loadFailed')}</p>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        {t('retryLoad')}
      </Button>
    </div>
  );
}
