import { useTranslation } from 'react-i18next';
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../../../shared/auth';

/** The numbers the validation messages and hints quote, so a message never disagrees with the rule behind it. */
export const LIMITS = {
  usernameMin: USERNAME_MIN_LENGTH,
  usernameMax: USERNAME_MAX_LENGTH,
  passwordMin: PASSWORD_MIN_LENGTH,
  passwordMax: PASSWORD_MAX_LENGTH,
  nameMax: NAME_MAX_LENGTH,
};

/** Translates a shared schema's message key (src/shared/auth.ts) for display under its field. */
export function useFieldError() {
  const { t } = useTranslation('auth');
  return (key: string | undefined) => (key ? t(`validation.${key}`, LIMITS) : undefined);
}
