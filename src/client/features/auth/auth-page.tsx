import { Link, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { type TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { BRAND_NAME, BrandLogo } from '../../components/ui/brand-logo';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { SkipLink } from '../../components/ui/skip-link';
import { type AuthMode, AuthModeSwitch } from './auth-mode-switch';
import { AuthShowcase } from './auth-showcase';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { useFinishAuth } from './use-finish-auth';

const TEXT_KEY: Record<AuthMode, 'signIn' | 'signUp'> = { 'sign-in': 'signIn', 'sign-up': 'signUp' };

/** /auth's document title in either mode; also written into its prerendered HTML (prerender.tsx). */
export function authTitle(t: TFunction<'auth'>, mode: AuthMode): string {
  return `${t(`${TEXT_KEY[mode]}.title`)} · ${BRAND_NAME}`;
}

/** /auth: sign in (the default, spec §2) or create an account, then continue to ?redirect= or the dashboard. */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const { mode: chosenMode, redirect, ref } = useSearch({ from: '/auth' });
  // A referral link is an invitation to create an account.
  const mode: AuthMode = chosenMode ?? (ref ? 'sign-up' : 'sign-in');
  const finish = useFinishAuth(redirect);
  const text = TEXT_KEY[mode];
  const otherMode: AuthMode = mode === 'sign-in' ? 'sign-up' : 'sign-in';

  useEffect(() => {
    document.title = authTitle(t, mode);
  }, [t, mode]);

  return (
    <div className="min-h-dvh bg-background lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <SkipLink>{t('skipToForm')}</SkipLink>
      <div className="flex min-h-dvh flex-col lg:order-2">
        <header className="flex items-center justify-between gap-4 px-4 py-4 sm:px-8">
          <Link to="/" aria-label={t('homeLink', { brand: BRAND_NAME })} className="rounded-lg">
            <BrandLogo />
          </Link>
          <LanguageSwitch label={t('language')} />
        </header>
        <main id="main" tabIndex={-1} className="flex flex-1 justify-center px-4 pt-6 pb-16 outline-none sm:items-center sm:px-8">
          <div className="w-full max-w-md">
            <h1 className="text-3xl font-extrabold tracking-tight text-balance">{t(`${text}.title`)}</h1>
            <p className="mt-2 text-muted-foreground">{t(`${text}.subtitle`)}</p>
            <div className="mt-8 grid gap-6">
              <AuthModeSwitch mode={mode} />
              {mode === 'sign-up' && ref && (
                <p data-testid="auth-invited-by" className="rounded-xl bg-primary/10 px-4 py-3 text-sm text-foreground">
                  <Trans t={t} i18nKey="signUp.invitedBy" values={{ username: ref }} components={{ strong: <strong className="font-semibold" /> }} />
                </p>
              )}
              {mode === 'sign-up' ? (
                <SignUpForm key="sign-up" onAuthenticated={finish} referrer={ref} />
              ) : (
                <SignInForm key="sign-in" onAuthenticated={finish} />
              )}
            </div>
            <p className="mt-8 text-center text-sm text-muted-foreground">
              {t(`${text}.switchPrompt`)}{' '}
              <Link
                to="/auth"
                search={{ mode: otherMode, redirect, ref }}
                replace
                className="font-semibold text-primary underline-offset-4 hover:underline"
              >
                {t(`${text}.switchLink`)}
              </Link>
            </p>
          </div>
        </main>
      </div>
      <AuthShowcase className="hidden lg:order-1 lg:flex" />
    </div>
  );
}
