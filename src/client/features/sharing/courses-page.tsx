import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowRight, Compass, FileText, LoaderCircle, SearchX, Search, UserPlus, Users } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { COURSE_SUBJECT_FILTERS, SHARING_LIMITS, type CourseSubjectFilter, type PublicCourse } from '../../../shared/sharing';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Notice } from '../../components/ui/notice';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { useDocumentTitle } from '../../lib/use-document-title';
import { TagList } from './course-details-tab';
import { usePublicCourses, useSpacesMutation } from '../../lib/spaces';
import { SUBJECT_ICONS, subjectKey } from './subjects';

/** /courses (spec §2 "Find shared courses"): public courses with a search and the 15 subject filters of spec §9. */
export function CoursesPage() {
  const { t } = useTranslation(['sharing', 'errors']);
  useDocumentTitle(t('courses.title'));
  const [search, setSearch] = useState('');
  const [subject, setSubject] = useState<CourseSubjectFilter>('All');
  const deferredSearch = useDeferredValue(search.trim());
  const courses = usePublicCourses(deferredSearch, subject);
  const filtered = deferredSearch !== '' || subject !== 'All';

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:px-8 md:py-10" data-testid="courses-page">
      <header className="flex flex-col gap-2">
        <h1 className="flex items-center gap-3 text-2xl font-extrabold tracking-tight md:text-3xl">
          <span className="flex size-10 items-center justify-center rounded-xl bg-primary/12 text-primary">
            <Compass aria-hidden="true" className="size-5" />
          </span>
          {t('courses.title')}
        </h1>
        <p className="text-sm text-muted-foreground md:text-base">{t('courses.subtitle')}</p>
      </header>
      <div className="flex flex-col gap-3">
        <div className="relative max-w-xl">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            maxLength={SHARING_LIMITS.searchMaxLength}
            placeholder={t('courses.search')}
            aria-label={t('courses.searchLabel')}
            className="h-11 pl-9"
            data-testid="courses-search"
          />
        </div>
        <ul aria-label={t('courses.subjects')} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-wrap md:overflow-visible md:px-0" data-testid="courses-subjects">
          {COURSE_SUBJECT_FILTERS.map((filter) => {
            const Icon = SUBJECT_ICONS[filter];
            const active = filter === subject;
            return (
              <li key={filter} className="shrink-0">
                <button
                  type="button"
                  aria-pressed={active}
                  onClick={() => setSubject(filter)}
                  className={cn(
                    'inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap transition-colors',
                    active ? 'border-primary bg-primary text-primary-foreground shadow-sm' : 'border-border bg-card text-foreground/80 hover:border-primary/40 hover:text-primary',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {t(subjectKey(filter))}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      {courses.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="courses-loading">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-52 rounded-2xl" />
          ))}
        </div>
      ) : courses.isError ? (
        <Notice icon={<SearchX aria-hidden="true" className="size-9 text-destructive" />} title={t('courses.loadFailed')} description={errorMessage(courses.error, t, t('courses.loadFailed'))} testId="courses-error" headingLevel={2} />
      ) : courses.data.length === 0 ? (
        filtered ? (
          <Notice icon={<SearchX aria-hidden="true" className="size-9 text-muted-foreground" />} title={t('courses.noMatchTitle')} description={t('courses.noMatchDescription')} testId="courses-no-match" headingLevel={2}>
            <Button
              className="mt-6"
              variant="outline"
              onClick={() => {
                setSearch('');
                setSubject('All');
              }}
            >
              {t('courses.clear')}
            </Button>
          </Notice>
        ) : (
          <Notice icon={<Compass aria-hidden="true" className="size-9 text-primary" />} title={t('courses.emptyTitle')} description={t('courses.emptyDescription')} testId="courses-empty" headingLevel={2} />
        )
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('courses.results', { count: courses.data.length })}
          </p>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="courses-list">
            {courses.data.map((course) => (
              <li key={course.id} className="flex">
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function CourseCard({ course }: { course: PublicCourse }) {
  const { t } = useTranslation(['sharing', 'errors']);
  const join = useSpacesMutation('joinPublicSpace');
  const navigate = useNavigate();
  return (
    <article className="flex w-full flex-col gap-3 rounded-2xl border border-border bg-card p-5 shadow-sm transition-shadow hover:shadow-md" data-testid="course-card">
      <div className="min-w-0">
        <h2 className="truncate text-base font-bold">
          <Link to="/space/$uuid" params={{ uuid: course.uuid }} className="hover:text-primary hover:underline">
            {course.name}
          </Link>
        </h2>
        <p className="truncate text-xs text-muted-foreground">{t('landing.byOwner', { owner: course.ownerName })}</p>
      </div>
      {course.description && <p className="line-clamp-3 text-sm text-foreground/80">{course.description}</p>}
      {course.tags.length > 0 && <TagList tags={course.tags.slice(0, 4)} />}
      <div className="mt-auto flex items-center justify-between gap-3 border-t border-border pt-3">
        <p className="flex items-center gap-3 text-xs text-muted-foreground">
          <span className="flex items-center gap-1">
            <FileText aria-hidden="true" className="size-3.5" />
            {t('landing.files', { count: course.fileCount })}
          </span>
          <span className="flex items-center gap-1">
            <Users aria-hidden="true" className="size-3.5" />
            {t('landing.members', { count: course.memberCount })}
          </span>
        </p>
        {course.joined ? (
          <Button asChild size="sm" variant="outline">
            <Link to="/space/$uuid" params={{ uuid: course.uuid }} data-testid="course-open">
              {t('courses.open')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : (
          <Button
            size="sm"
            disabled={join.isPending}
            data-testid="course-join"
            onClick={() =>
              join.mutate(
                { uuid: course.uuid },
                {
                  onSuccess: () => {
                    toast.success(t('toast.joined', { name: course.name }));
                    void navigate({ to: '/space/$uuid', params: { uuid: course.uuid } });
                  },
                  onError: (error) => toast.error(errorMessage(error, t, t('toast.joinFailed'))),
                },
              )
            }
          >
            {join.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <UserPlus aria-hidden="true" />}
            {t('courses.join')}
          </Button>
        )}
      </div>
    </article>
  );
}
