import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Locale } from '../../../shared/schemas';
import { sessionQueryOptions } from '../../lib/session';
import { cn } from '../../lib/cn';
import { changeLocale, isLocale, LOCALES } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc';
import { SettingsCard } from './settings-card';

/** Each language is named in itself, so a person who cannot read the current one still finds theirs. */
const LOCALE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch' };

/** The UI language: it changes at once on screen and is stored on the user (user.setLocale) for every device. */
export function LanguageSection() {
  const { t, i18n } = useTranslation('settings');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const userId = useQuery(sessionQueryOptions).data?.user.id ?? '';
  const current: Locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const save = useMutation(
    trpc.user.setLocale.mutationOptions({
      // The layout settles the language from the cached user; keep it in step so it does not switch back.
      onSuccess: ({ locale }) => queryClient.setQueryData(trpc.user.getUser.queryKey({ id: userId }), (user) => user && { ...user, locale }),
      onError: () => toast.error(t('language.saveFailed')),
    }),
  );

  const choose = (locale: Locale) => {
    if (locale === current) return;
    void changeLocale(locale);
    save.mutate({ locale });
  };

  return (
    <SettingsCard id="language" icon={Languages} title={t('language.title')} description={t('language.description')}>
      <div role="radiogroup" aria-label={t('language.title')} className="grid grid-cols-2 gap-3">
        {LOCALES.map((locale) => (
          <button
            key={locale}
            type="button"
            role="radio"
            lang={locale}
            aria-checked={locale === current}
            onClick={() => choose(locale)}
            data-testid={`language-${locale}`}
            className={cn(
              'flex items-center gap-3 rounded-xl border-2 border-border p-3 text-left transition-colors hover:border-primary/50',
              'aria-checked:border-primary aria-checked:bg-primary/6',
            )}
          >
            <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-xs font-black tracking-wide">
              {locale.toUpperCase()}
            </span>
            <span className="flex-1 font-semibold">{LOCALE_NAMES[locale]}</span>
            {locale === current ? <Check aria-hidden="true" className="size-4 text-primary" strokeWidth={3} /> : null}
          </button>
        ))}
      </div>
    </SettingsCard>
  );
}
