import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { PrimaryCta } from './primary-cta';
import { useSignedIn } from './use-signed-in';

/** The last call to action, on the brand colour so it reads as the page's finish line. */
export function ClosingSection() {
  const { t } = useTranslation('landing');
  const signedIn = useSignedIn();
  return (
    <section aria-labelledby="closing-title" className="px-4 py-20 sm:px-6 sm:py-24">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-[2rem] bg-linear-to-br from-green-700 via-green-800 to-emerald-950 px-6 py-14 text-center text-white shadow-2xl shadow-green-900/20 sm:px-12 sm:py-20">
        <div aria-hidden="true" className="absolute -top-20 -right-16 -z-10 size-72 rounded-full bg-green-400/25 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-24 -left-10 -z-10 size-72 rounded-full bg-yellow-300/15 blur-3xl" />
        <h2 id="closing-title" className="mx-auto max-w-2xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {t('closing.title')}
        </h2>
        <p className="mx-auto mt-5 max-w-xl text-lg text-green-50">{t('closing.lead')}</p>
        <div className="mt-9 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <PrimaryCta
            label={t('closing.cta')}
            className="w-full bg-white text-green-900 hover:bg-green-50 sm:w-auto"
          />
          {signedIn ? null : (
            <Button asChild variant="ghost" size="lg" className="w-full text-white hover:bg-white/10 sm:w-auto">
              <Link to="/auth" search={{ mode: 'sign-in' }}>
                {t('closing.signIn')}
              </Link>
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
