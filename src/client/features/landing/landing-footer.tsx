import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BRAND_NAME, BrandLogo } from '../../components/ui/brand-logo';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { SECTION_LINKS } from './landing-header';

const linkClass = 'rounded text-sm text-muted-foreground transition-colors hover:text-foreground';

export function LandingFooter() {
  const { t } = useTranslation('landing');
  return (
    <footer className="border-t border-border px-4 py-12 sm:px-6">
      <div className="mx-auto grid max-w-6xl gap-10 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div>
          <BrandLogo />
          <p className="mt-3 max-w-sm text-sm text-muted-foreground">{t('footer.tagline')}</p>
          <LanguageSwitch label={t('nav.language')} className="mt-5" />
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-bold">
            {t('footer.product')}
          </h2>
          <ul className="mt-3 grid gap-2">
            {SECTION_LINKS.map((id) => (
              <li key={id}>
                <a href={`#${id}`} className={linkClass}>
                  {t(`nav.${id}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-account">
          <h2 id="footer-account" className="text-sm font-bold">
            {t('footer.account')}
          </h2>
          <ul className="mt-3 grid gap-2">
            <li>
              <Link to="/auth" search={{ mode: 'sign-up' }} className={linkClass}>
                {t('footer.signUp')}
              </Link>
            </li>
            <li>
              <Link to="/auth" search={{ mode: 'sign-in' }} className={linkClass}>
                {t('nav.signIn')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="mx-auto mt-10 max-w-6xl border-t border-border pt-6 text-sm text-muted-foreground">
        {t('footer.copyright', { year: new Date().getFullYear(), brand: BRAND_NAME })}
      </p>
    </footer>
  );
}
