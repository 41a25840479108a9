import { Check, Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CURRENCIES } from '../../../shared/currency';
import { formatPrice } from '../../../shared/pricing';
import { cn } from '../../lib/cn';
import { useUserCurrency } from '../../lib/user-currency';
import { SettingsCard } from './settings-card';

/** The currency prices are shown in (spec §3): kept in this browser as userCurrency and on the user for checkout. */
export function CurrencySection() {
  const { t, i18n } = useTranslation('settings');
  const { currency, chooseCurrency } = useUserCurrency();
  const locale = i18n.resolvedLanguage ?? 'en';
  const names = new Intl.DisplayNames([locale], { type: 'currency' });
  return (
    <SettingsCard id="currency" icon={Coins} title={t('currency.title')} description={t('currency.description')}>
      <div role="radiogroup" aria-label={t('currency.title')} className="grid gap-2">
        {CURRENCIES.map((option) => (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={option === currency}
            onClick={() => option !== currency && chooseCurrency(option, { onError: () => toast.error(t('currency.saveFailed')) })}
            data-testid={`currency-${option}`}
            className={cn(
              'flex items-center gap-3 rounded-xl border-2 border-border px-3 py-2.5 text-left transition-colors hover:border-primary/50',
              'aria-checked:border-primary aria-checked:bg-primary/6',
            )}
          >
            <span aria-hidden="true" className="flex h-8 w-12 shrink-0 items-center justify-center rounded-lg bg-muted text-xs font-black tracking-wide">
              {option.toUpperCase()}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-semibold">{names.of(option.toUpperCase())}</span>
              <span className="block text-xs text-muted-foreground tabular-nums">{t('currency.example', { price: formatPrice(9.99, option, locale) })}</span>
            </span>
            {option === currency ? <Check aria-hidden="true" className="size-4 text-primary" strokeWidth={3} /> : null}
          </button>
        ))}
      </div>
    </SettingsCard>
  );
}
