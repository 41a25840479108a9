import { Link } from '@tanstack/react-router';
import { Compass, Sparkles, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { CollapsibleSection } from './collapsible-section';
import type { SharedCourse } from './shared-courses';
import { sidebarLinkClass } from './sidebar-styles';

/** Spec §2 "Shared Courses": a badge counts the courses not yet opened; with none, an invitation to find one. */
export function SharedCoursesSection({ courses }: { courses: readonly SharedCourse[] }) {
  const { t } = useTranslation('shell');
  const newCount = courses.filter((course) => course.isNew).length;
  return (
    <CollapsibleSection id="shared" title={t('shared.title')} badge={newCount > 0 && <NewCoursesBadge count={newCount} />}>
      {courses.length === 0 ? (
        <div className="mx-2 flex flex-col items-start gap-2.5 rounded-xl bg-muted/70 px-3 py-3">
          <p className="text-sm text-muted-foreground">{t('shared.empty')}</p>
          <Button asChild size="sm" variant="outline" className="bg-card">
            <Link to="/courses">
              <Compass aria-hidden="true" />
              {t('shared.find')}
            </Link>
          </Button>
        </div>
      ) : (
        <ul className="flex flex-col gap-0.5 px-2">
          <li>
            <Link to="/courses" className={sidebarLinkClass}>
              <Sparkles aria-hidden="true" className="text-points" />
              {t('shared.newCourses')}
            </Link>
          </li>
          {courses.map((course) => (
            <li key={course.id}>
              <Link to="/space/$uuid" params={{ uuid: course.uuid }} className={sidebarLinkClass}>
                <Users aria-hidden="true" />
                <span className="truncate">{course.name}</span>
                {course.isNew && <span aria-hidden="true" className="ml-auto size-2 shrink-0 rounded-full bg-primary" />}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </CollapsibleSection>
  );
}

function NewCoursesBadge({ count }: { count: number }) {
  const { t } = useTranslation('shell');
  return (
    <span data-testid="shared-courses-badge" className="ml-1 rounded-full bg-primary px-1.5 py-px text-[0.6875rem] font-bold text-primary-foreground normal-case">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{t('shared.newCount', { count })}</span>
    </span>
  );
}
