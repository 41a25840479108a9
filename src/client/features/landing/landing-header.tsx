import { Link } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND_NAME, BrandLogo } from '../../components/ui/brand-logo';
import { Button } from '../../components/ui/button';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { PrimaryCta } from './primary-cta';
import { useSignedIn } from './use-signed-in';

/** The page's sections, in page order; each id is a LandingSection. */
export const SECTION_LINKS = ['tools', 'motivation', 'sharing', 'plans', 'stories'] as const;

function SectionNav({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { t } = useTranslation('landing');
  return (
    <ul className={className}>
      {SECTION_LINKS.map((id) => (
        <li key={id}>
          <a
            href={`#${id}`}
            onClick={onNavigate}
            className="block rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
          >
            {t(`nav.${id}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}

function SignInLink({ className, onClick }: { className?: string; onClick?: () => void }) {
  const { t } = useTranslation('landing');
  return (
    <Button asChild variant="ghost" className={className}>
      <Link to="/auth" search={{ mode: 'sign-in' }} onClick={onClick}>
        {t('nav.signIn')}
      </Link>
    </Button>
  );
}

export function LandingHeader() {
  const { t } = useTranslation('landing');
  const signedIn = useSignedIn();
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" aria-label={t('nav.home', { brand: BRAND_NAME })} className="rounded-lg">
          <BrandLogo />
        </Link>
        <nav aria-label={t('nav.label')} className="hidden flex-1 justify-center lg:flex">
          <SectionNav className="flex items-center gap-1" />
        </nav>
        <div className="ml-auto flex items-center gap-2 lg:ml-0">
          <LanguageSwitch label={t('nav.language')} className="hidden sm:inline-flex" />
          {signedIn ? null : <SignInLink className="hidden sm:inline-flex" />}
          <PrimaryCta size="md" className="max-sm:px-3 max-sm:[&_svg]:hidden" />
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="landing-menu"
            aria-label={t(menuOpen ? 'nav.closeMenu' : 'nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      <nav
        id="landing-menu"
        aria-label={t('nav.label')}
        hidden={!menuOpen}
        className="border-t border-border bg-background px-4 pt-2 pb-4 lg:hidden"
      >
        <SectionNav className="grid gap-1" onNavigate={close} />
        <div className="mt-3 flex items-center justify-between gap-3 border-t border-border pt-3">
          <LanguageSwitch label={t('nav.language')} />
          {signedIn ? null : <SignInLink onClick={close} />}
        </div>
      </nav>
    </header>
  );
}
