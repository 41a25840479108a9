import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../lib/use-hydrated';
import { toast } from 'sonner';
import { signUpSchema, type SignUpInput } from '../../../shared/auth';
import { fieldOfAuthError } from './auth-errors';
import { AuthField } from './auth-field';
import { AuthAlert, AuthSubmit, focusFirstInvalid } from './auth-form-parts';
import { requestSignUp } from './auth-requests';
import { PasswordField } from './password-field';
import { useAuthSubmission } from './use-auth-submission';
import { LIMITS, useFieldError } from './validation-messages';
import { useValidatedForm } from './use-validated-form';

type SignUpField = keyof SignUpInput;

export function SignUpForm({ onAuthenticated, referrer }: { onAuthenticated: () => Promise<void>; referrer?: string | undefined }) {
  const { t } = useTranslation('auth');
  const hydrated = useHydrated();
  const fieldError = useFieldError();
  const id = useId();
  const ids: Record<SignUpField, string> = {
    name: `${id}-name`,
    username: `${id}-username`,
    email: `${id}-email`,
    password: `${id}-password`,
  };
  const form = useValidatedForm(signUpSchema, { name: '', username: '', email: '', password: '' });
  const submission = useAuthSubmission(
    (input: SignUpInput) => requestSignUp(input, referrer),
    async (input: SignUpInput) => {
      toast.success(t('signUp.welcome', { name: input.name }));
      await onAuthenticated();
    },
    (error) => {
      const field = fieldOfAuthError(error);
      if (field) document.getElementById(ids[field])?.focus();
    },
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submission.pending) return;
    const { data, errors } = form.submit();
    if (data) void submission.submit(data);
    else focusFirstInvalid(ids, errors);
  }

  /** What every field gets alike: its id, test id, value, error and the validation hooks. */
  const bind = (field: SignUpField) => ({
    id: ids[field],
    'data-testid': `auth-${field}`,
    error: fieldError(form.errors[field]),
    value: form.values[field],
    onChange: (event: { target: { value: string } }) => form.change(field, event.target.value),
    onBlur: () => form.blur(field),
  });

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={submission.pending || !hydrated} className="grid gap-4">
      <AuthAlert error={submission.serverError} />
      <AuthField {...bind('name')} label={t('fields.name')} autoComplete="name" />
      <AuthField
        {...bind('username')}
        label={t('fields.username')}
        hint={t('fields.usernameHint', LIMITS)}
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
      />
      <AuthField {...bind('email')} label={t('fields.email')} type="email" autoComplete="email" spellCheck={false} />
      <PasswordField
        {...bind('password')}
        label={t('fields.password')}
        hint={t('fields.passwordHint', LIMITS)}
        autoComplete="new-password"
      />
      <AuthSubmit pending={submission.pending} pendingLabel={t('signUp.pending')}>
        {t('signUp.submit')}
      </AuthSubmit>
    </form>
  );
}
