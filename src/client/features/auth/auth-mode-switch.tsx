import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export type AuthMode = 'sign-in' | 'sign-up';

/**
 * Two links rather than tabs: each mode has its own URL, so a link can open either one (the landing page links
 * straight to sign-up).
 */
export function AuthModeSwitch({ mode }: { mode: AuthMode }) {
  const { t } = useTranslation('auth');
  const modes: { value: AuthMode; label: string }[] = [
    { value: 'sign-in', label: t('modeSwitch.signIn') },
    { value: 'sign-up', label: t('modeSwitch.signUp') },
  ];
  return (
    <nav aria-label={t('modeSwitch.label')} className="grid grid-cols-2 gap-1 rounded-xl bg-muted p-1">
      {modes.map(({ value, label }) => (
        <Link
          key={value}
          to="/auth"
          search={(previous) => ({ ...previous, mode: value })}
          replace
          data-testid={`auth-mode-${value}`}
          aria-current={value === mode ? 'page' : undefined}
          className={cn(
            'rounded-lg px-3 py-2 text-center text-sm font-semibold text-muted-foreground transition-colors hover:text-foreground',
            value === mode && 'bg-card text-foreground shadow-sm ring-1 ring-border',
          )}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
