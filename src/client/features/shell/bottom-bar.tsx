import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BOTTOM_BAR_TABS } from './route-visibility';
import { useStudyTabLinks } from './study-tabs';

/** The phone tab bar of spec §2, fixed to the bottom edge above the home indicator; labels are the short forms. */
export function BottomBar() {
  const { t } = useTranslation('shell');
  const tabs = useStudyTabLinks(BOTTOM_BAR_TABS);
  return (
    <nav
      aria-label={t('nav.study')}
      data-testid="bottom-bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md"
    >
      <ul className="grid grid-cols-5">
        {tabs.map(({ id, to, search, icon: Icon, active }) => (
          <li key={id}>
            <Link
              to={to}
              search={search}
              aria-current={active ? 'page' : undefined}
              data-testid={`bottom-tab-${id}`}
              className="group flex h-16 flex-col items-center justify-center gap-1 text-[0.625rem] font-semibold whitespace-nowrap min-[360px]:text-[0.6875rem] text-muted-foreground aria-[current=page]:text-primary-tint-foreground"
            >
              <span className="flex h-7 w-12 items-center justify-center rounded-full transition-colors group-aria-[current=page]:bg-primary/12">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {t(`tabsShort.${id}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
