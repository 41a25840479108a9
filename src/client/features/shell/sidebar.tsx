import { Link } from '@tanstack/react-router';
import { FileText, LayoutDashboard, Users, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import type { SessionData } from '../../lib/session';
import { GamificationSection } from './gamification-section';
import { Logo } from './logo';
import { useSharedCourses } from './shared-courses';
import { SharedCoursesSection } from './shared-courses-section';
import { SearchBox, SearchResults, type SidebarSearchItem } from './sidebar-search';
import { SidebarFooter } from './sidebar-footer';
import { sidebarLinkClass } from './sidebar-styles';

/**
 * What the courses feature puts into the sidebar: its section and its courses and files for the search. The
 * not-found page, outside the signed-in layout, goes without them.
 */
export interface SidebarCourses {
  coursesSection?: ReactNode;
  courseSearchItems?: readonly SidebarSearchItem[];
}

/**
 * Everything in the sidebar of spec §2, shared by the desktop column and the phone drawer. `onClose` is given in the
 * drawer, which shows a close button beside the logo.
 */
export function SidebarContent({
  session,
  sessionPending,
  onClose,
  ...courses
}: SidebarCourses & {
  session: SessionData | null | undefined;
  sessionPending: boolean;
  onClose?: () => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center justify-between gap-2 px-5">
        <Logo />
        {onClose && (
          <Button variant="ghost" size="icon" onClick={onClose} aria-label={t('nav.closeMenu')}>
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
      {sessionPending ? <div className="flex-1" /> : session ? <SignedInNavigation {...courses} /> : <VisitorNavigation />}
      <div className="shrink-0 border-t border-border">
        <SidebarFooter session={session} sessionPending={sessionPending} />
      </div>
    </div>
  );
}

function DashboardLink() {
  const { t } = useTranslation('shell');
  return (
    <Link to="/dashboard" className={sidebarLinkClass}>
      <LayoutDashboard aria-hidden="true" />
      {t('nav.dashboard')}
    </Link>
  );
}

function SignedInNavigation({ coursesSection, courseSearchItems = [] }: SidebarCourses) {
  const { t } = useTranslation('shell');
  const [query, setQuery] = useState('');
  const sharedCourses = useSharedCourses();
  const searchItems: SidebarSearchItem[] = [
    ...courseSearchItems,
    ...sharedCourses.map((course) => ({
      key: `shared-${course.id}`,
      text: course.name,
      render: (label: ReactNode) => (
        <Link to="/space/$uuid" params={{ uuid: course.uuid }} className={sidebarLinkClass}>
          <Users aria-hidden="true" />
          <span className="truncate">{label}</span>
        </Link>
      ),
    })),
    ...sharedCourses.flatMap((course) =>
      course.files.map((file) => ({
        key: `shared-${course.id}-${file.id}`,
        text: file.name,
        render: (label: ReactNode) => (
          <Link to="/summary" search={{ uuid: course.uuid, id: file.id }} className={sidebarLinkClass}>
            <FileText aria-hidden="true" />
            <span className="truncate">{label}</span>
          </Link>
        ),
      })),
    ),
  ];
  return (
    <>
      <div className="shrink-0 px-3 pb-3">
        <SearchBox value={query} onChange={setQuery} />
      </div>
      <nav aria-label={t('nav.sidebar')} className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto pb-4">
        {query.trim() ? (
          <SearchResults
            query={query}
            items={searchItems}
            textOf={(item) => item.text}
            keyOf={(item) => item.key}
            renderItem={(item, label) => item.render(label)}
          />
        ) : (
          <>
            <div className="px-2">
              <DashboardLink />
            </div>
            {coursesSection}
            <SharedCoursesSection courses={sharedCourses} />
            <GamificationSection />
          </>
        )}
      </nav>
    </>
  );
}

/** Visitors see where they are and how to sign in (spec §6); the courses and progress need an account. */
function VisitorNavigation() {
  const { t } = useTranslation('shell');
  return (
    <nav aria-label={t('nav.sidebar')} className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto px-2 pb-4">
      <DashboardLink />
    </nav>
  );
}
