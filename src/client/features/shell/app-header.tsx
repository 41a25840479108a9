import { Link, useRouterState, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, FileText, FolderOpen, Menu, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useTRPC } from '../../lib/trpc';
import { Logo } from './logo';
import { SharedFileContext, type ShareActionRenderer } from './shared-file-context';
import { ProgressCounters } from './progress-counters';
import { HEADER_TABS, showsHeaderNavigation } from './route-visibility';
import { useStudyTabLinks } from './study-tabs';
import { UnavailableAction } from './unavailable-action';
import { ViewFileAction } from './view-file-action';

/**
 * The header of spec §2 for medium and larger screens. `onOpenMenu` is given below the large breakpoint, where the
 * sidebar is a drawer.
 */
export function AppHeader({ signedIn, onOpenMenu, shareAction }: { signedIn: boolean; onOpenMenu?: () => void; shareAction?: ShareActionRenderer }) {
  const { t } = useTranslation('shell');
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const search = useSearch({ strict: false });
  const navigation = signedIn && showsHeaderNavigation(pathname);
  // A shared course's file (?uuid=&id=, spec §2) is shown instead of the student's own open file.
  const shared = search.uuid && search.id ? { uuid: String(search.uuid), id: String(search.id) } : null;
  return (
    <header data-testid="app-header" className="sticky top-0 z-20 border-b border-border bg-background/90 backdrop-blur-md">
      <div className="flex h-16 items-center gap-3 px-4 lg:px-6">
        {onOpenMenu && (
          <>
            <Button variant="ghost" size="icon" onClick={onOpenMenu} aria-label={t('nav.openMenu')} data-testid="mobile-menu-button">
              <Menu aria-hidden="true" className="size-5!" />
            </Button>
            <Logo withWordmark={false} />
          </>
        )}
        {navigation && (shared ? <SharedFileContext uuid={shared.uuid} id={shared.id} shareAction={shareAction} /> : <FileContext shareAction={shareAction} />)}
        {signedIn && <ProgressCounters className="ml-auto gap-0.5" />}
      </div>
      {navigation && <HeaderTabs />}
    </header>
  );
}

const crumbClass = 'flex min-w-0 items-center gap-2 rounded-md px-1 py-1 hover:text-foreground';

/**
 * Breadcrumbs of the open course and file (file.getActiveFile), both leading to the dashboard's files, with the
 * file's actions. 'My Course' stands in when the course has no name (spec §9).
 */
function FileContext({ shareAction }: { shareAction?: ShareActionRenderer }) {
  const { t } = useTranslation('shell');
  const trpc = useTRPC();
  const activeFile = useQuery(trpc.file.getActiveFile.queryOptions()).data;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <nav aria-label={t('nav.breadcrumb')} className="min-w-0" data-testid="header-breadcrumbs">
        <ol className="flex min-w-0 items-center text-sm">
          <li className="min-w-0">
            <Link to="/dashboard" hash="files" className={cn(crumbClass, 'text-muted-foreground')}>
              <FolderOpen aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{activeFile ? activeFile.directory.name || t('header.myCourse') : t('header.noFile')}</span>
            </Link>
          </li>
          {activeFile && (
            <li className="flex min-w-0 items-center">
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <Link to="/dashboard" hash="files" aria-current="page" className={cn(crumbClass, 'font-semibold')}>
                <FileText aria-hidden="true" className="size-4 shrink-0" />
                <span className="truncate">{activeFile.name}</span>
              </Link>
            </li>
          )}
        </ol>
      </nav>
      <div className="flex shrink-0 items-center gap-2">
        <ViewFileAction file={activeFile} />
        {shareAction && activeFile ? (
          shareAction({ directoryId: activeFile.directory.id, courseName: activeFile.directory.name })
        ) : (
          <UnavailableAction icon={Share2} label={t('header.share')} reason={t('header.shareUnavailable')} showLabel testId="header-share" />
        )}
      </div>
    </div>
  );
}

/**
 * 'View File' opens the fullscreen viewer on the open file (spec §5: only pdf, doc, docx, pptx, txt). Without an open
 * file, or for another type, it stays in place, unavailable, with the reason as its tooltip.
 */
function HeaderTabs() {
  const { t } = useTranslation('shell');
  const tabs = useStudyTabLinks(HEADER_TABS);
  return (
    <nav aria-label={t('nav.study')} className="overflow-x-auto px-4 lg:px-6">
      <ul className="flex gap-1">
        {tabs.map(({ id, to, search, icon: Icon, active }) => (
          <li key={id}>
            <Link
              to={to}
              search={search}
              aria-current={active ? 'page' : undefined}
              data-testid={`header-tab-${id}`}
              className="relative flex h-11 items-center gap-2 rounded-t-md px-3 text-sm font-semibold whitespace-nowrap text-muted-foreground transition-colors after:absolute after:inset-x-2 after:bottom-0 after:h-[3px] after:rounded-full hover:text-foreground aria-[current=page]:text-primary aria-[current=page]:after:bg-primary [&_svg]:size-4"
            >
              <Icon aria-hidden="true" />
              {t(`tabs.${id}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
