import { CircleCheck } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { HeroVisual } from './hero-visual';
import { PrimaryCta } from './primary-cta';

const PROMISES = ['free', 'formats', 'languages'] as const;

export function HeroSection() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden px-4 pt-12 pb-16 sm:px-6 sm:pt-16 lg:pb-20">
      <HeroBackdrop />
      <div className="mx-auto grid max-w-6xl items-center gap-14 lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)] lg:gap-10">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-primary/25 bg-accent px-3 py-1 text-sm font-semibold text-accent-foreground">
            <span aria-hidden="true" className="size-2 rounded-full bg-primary" />
            {t('hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.08] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            <Trans
              t={t}
              i18nKey="hero.title"
              components={{ highlight: <span className="bg-linear-to-r from-green-700 to-emerald-600 bg-clip-text text-transparent dark:from-green-400 dark:to-emerald-300" /> }}
            />
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground lg:mx-0">{t('hero.lead')}</p>
          <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
            <PrimaryCta label={t('hero.primaryCta')} className="w-full sm:w-auto" />
            <Button asChild variant="outline" size="lg" className="w-full sm:w-auto">
              <a href="#tools">{t('hero.secondaryCta')}</a>
            </Button>
          </div>
          <ul className="mt-8 flex flex-col items-center gap-x-6 gap-y-2 text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:justify-center lg:justify-start">
            {PROMISES.map((key) => (
              <li key={key} className="flex items-center gap-1.5">
                <CircleCheck aria-hidden="true" className="size-4 text-primary" />
                {t(`hero.promises.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <HeroVisual />
      </div>
    </section>
  );
}

/** Soft colour behind the hero; purely decorative. */
function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="absolute inset-0 -z-10">
      <div className="absolute -top-40 left-1/2 size-[42rem] -translate-x-1/2 rounded-full bg-green-300/30 blur-3xl dark:bg-green-700/20 lg:left-[70%]" />
      <div className="absolute top-40 -left-32 size-96 rounded-full bg-yellow-200/40 blur-3xl dark:bg-yellow-500/10" />
      <div className="absolute inset-0 bg-[radial-gradient(var(--color-border)_1px,transparent_1px)] [background-size:24px_24px] [mask-image:linear-gradient(to_bottom,black,transparent_85%)] opacity-70" />
    </div>
  );
}
