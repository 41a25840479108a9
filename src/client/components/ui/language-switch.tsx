import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../shared/schemas';
import { cn } from '../../lib/cn';
import { changeLocale, isLocale, LOCALES } from '../../lib/i18n';

/** Each language is named in itself, so a person who cannot read the current one still finds theirs. */
const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch' };

/** EN | DE for visitors; signed-in people also get their choice stored on their account by the shell. */
export function LanguageSwitch({ label, className }: { label: string; className?: string }) {
  const { i18n } = useTranslation();
  const current: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  return (
    <div role="group" aria-label={label} className={cn('inline-flex rounded-lg border border-border bg-background p-0.5', className)}>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          aria-label={`${LOCALE_NAMES[locale]} (${locale.toUpperCase()})`}
          onClick={() => void changeLocale(locale)}
          className="h-8 min-w-9 rounded-md px-2 text-xs font-bold tracking-wide text-muted-foreground transition-colors hover:text-foreground aria-pressed:bg-primary aria-pressed:text-primary-foreground"
        >
          {locale.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
