import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../lib/use-hydrated';
import { signInSchema } from '../../../shared/auth';
import { AuthField } from './auth-field';
import { AuthAlert, AuthSubmit, focusFirstInvalid } from './auth-form-parts';
import { requestSignIn } from './auth-requests';
import { PasswordField } from './password-field';
import { useAuthSubmission } from './use-auth-submission';
import { useFieldError } from './validation-messages';
import { useValidatedForm } from './use-validated-form';

/** Email or username in one field (an '@' decides, see signInMethod) and the password. */
export function SignInForm({ onAuthenticated }: { onAuthenticated: () => Promise<void> }) {
  const { t } = useTranslation('auth');
  const hydrated = useHydrated();
  const fieldError = useFieldError();
  const id = useId();
  const ids = { identifier: `${id}-identifier`, password: `${id}-password` };
  const form = useValidatedForm(signInSchema, { identifier: '', password: '' });
  const submission = useAuthSubmission(requestSignIn, onAuthenticated);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submission.pending) return;
    const { data, errors } = form.submit();
    if (data) void submission.submit(data);
    else focusFirstInvalid(ids, errors);
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={submission.pending || !hydrated} className="grid gap-4">
      <AuthAlert error={submission.serverError} />
      <AuthField
        id={ids.identifier}
        data-testid="auth-email"
        label={t('fields.email')}
        hint={t('fields.identifierHint')}
        error={fieldError(form.errors.identifier)}
        value={form.values.identifier}
        onChange={(event) => form.change('identifier', event.target.value)}
        onBlur={() => form.blur('identifier')}
        type="text"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
      />
      <PasswordField
        id={ids.password}
        data-testid="auth-password"
        label={t('fields.password')}
        error={fieldError(form.errors.password)}
        value={form.values.password}
        onChange={(event) => form.change('password', event.target.value)}
        onBlur={() => form.blur('password')}
        autoComplete="current-password"
      />
      <AuthSubmit pending={submission.pending} pendingLabel={t('signIn.pending')}>
        {t('signIn.submit')}
      </AuthSubmit>
    </form>
  );
}
