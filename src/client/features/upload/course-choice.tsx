import { Link } from '@tanstack/react-router';
import { ArrowLeft, ChevronRight, Folder, FolderPlus, FolderX, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import type { UploadCourse } from './use-upload-courses';

/** Upload without a course in the link: the student picks one of theirs. */
export function CoursePicker({ courses }: { courses: UploadCourse[] }) {
  const { t } = useTranslation('upload');
  if (courses.length === 0) {
    return (
      <CenteredState icon={<FolderPlus aria-hidden="true" className="size-8" />} title={t('picker.emptyTitle')} body={t('picker.emptyBody')} testId="upload-no-courses">
        <Button asChild size="lg">
          <Link to="/dashboard">{t('picker.toDashboard')}</Link>
        </Button>
      </CenteredState>
    );
  }
  return (
    <div className="flex flex-col gap-6" data-testid="upload-picker">
      <header className="flex items-start gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-primary/12 text-primary">
          <Upload aria-hidden="true" className="size-6" />
        </span>
        <div className="flex flex-col gap-1">
          <h1 id="page-title" className="text-2xl font-extrabold tracking-tight md:text-3xl">
            {t('picker.title')}
          </h1>
          <p className="text-sm text-muted-foreground">{t('picker.subtitle')}</p>
        </div>
      </header>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {courses.map((course) => (
          <li key={course.id}>
            <Link
              to="/dashboard/upload"
              search={{ directoryId: course.id }}
              className="group flex items-center gap-3 rounded-2xl border border-border bg-card p-4 shadow-xs transition-colors hover:border-primary/50 hover:bg-primary/5"
              data-testid="upload-pick-course"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/12 text-primary">
                <Folder aria-hidden="true" className="size-5" />
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-bold">{course.name}</span>
                <span className="text-xs text-muted-foreground">{t('picker.fileCount', { count: course.files.length })}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A link to a course that is unknown, deleted or someone else's: said plainly, with the way back. */
export function CourseNotFound() {
  const { t } = useTranslation('upload');
  return (
    <CenteredState icon={<FolderX aria-hidden="true" className="size-8" />} title={t('notFound.title')} body={t('notFound.body')} testId="upload-course-not-found">
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to="/dashboard" data-testid="upload-not-found-dashboard">
            <ArrowLeft aria-hidden="true" />
            {t('notFound.toDashboard')}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/dashboard/upload">{t('notFound.pickAnother')}</Link>
        </Button>
      </div>
    </CenteredState>
  );
}

function CenteredState({ icon, title, body, testId, children }: { icon: ReactNode; title: string; body: string; testId: string; children: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="flex flex-col items-center px-2 py-10 text-center md:py-16" data-testid={testId}>
      <span className="flex size-16 items-center justify-center rounded-2xl bg-primary/12 text-primary">{icon}</span>
      <h1 id="page-title" className="mt-6 text-2xl font-extrabold tracking-tight text-balance">
        {title}
      </h1>
      <p className="mt-2 mb-6 max-w-md text-sm leading-relaxed text-balance text-muted-foreground">{body}</p>
      {children}
    </section>
  );
}
