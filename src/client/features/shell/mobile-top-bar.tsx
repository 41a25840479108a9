import { Link } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Logo } from './logo';
import { ProgressCounters } from './progress-counters';

/** The compact bar of phones: the drawer's menu button, the logo, and the progress counters or a way to sign in. */
export function MobileTopBar({ signedIn, visitor, onOpenMenu }: { signedIn: boolean; visitor: boolean; onOpenMenu: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-1 border-b border-border bg-background/90 px-2 backdrop-blur-md">
      <Button variant="ghost" size="icon" onClick={onOpenMenu} aria-label={t('nav.openMenu')} data-testid="mobile-menu-button">
        <Menu aria-hidden="true" className="size-5!" />
      </Button>
      <Logo withWordmark={!signedIn} />
      {signedIn && <ProgressCounters className="ml-auto" />}
      {visitor && (
        <Button asChild size="sm" className="ml-auto">
          <Link to="/auth" data-testid="top-bar-sign-in-link">
            {t('signIn.link')}
          </Link>
        </Button>
      )}
    </header>
  );
}
