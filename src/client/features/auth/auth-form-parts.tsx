import { CircleAlert, LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useHydrated } from '../../lib/use-hydrated';
import type { AuthErrorKey } from './auth-errors';
import { LIMITS } from './validation-messages';

/** The server's refusal, announced as soon as it appears. */
export function AuthAlert({ error }: { error: AuthErrorKey | null }) {
  const { t } = useTranslation('auth');
  if (!error) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-2.5 rounded-lg border border-destructive/40 bg-destructive/10 px-3.5 py-3 text-sm font-medium text-foreground"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      <p>{t(`errors.${error}`, LIMITS)}</p>
    </div>
  );
}

/**
 * Stays focusable while pending (aria-disabled rather than disabled) so keyboard focus is not thrown back to the page
 * start; the form ignores a second submit itself. Disabled until the app runs on the prerendered page: pressing Enter
 * in a field then submits nothing (a form whose default button is disabled is not sent), rather than the browser
 * sending the password in the address.
 */
export function AuthSubmit({ pending, pendingLabel, children }: { pending: boolean; pendingLabel: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      size="lg"
      data-testid="auth-submit"
      disabled={!hydrated}
      aria-disabled={pending || undefined}
      className="mt-2 w-full aria-disabled:cursor-progress aria-disabled:opacity-80"
    >
      {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** After a refused submit the first invalid field takes the focus, so its message is read out and can be fixed. */
export function focusFirstInvalid(fieldIds: Record<string, string>, errors: Partial<Record<string, string>>): void {
  const first = Object.keys(fieldIds).find((field) => errors[field]);
  if (first) document.getElementById(fieldIds[first] ?? '')?.focus();
}
