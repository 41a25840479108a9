import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthField, type AuthFieldProps } from './auth-field';

/**
 * A password input with a Show/Hide toggle. The toggle's name deliberately avoids the word "password", so the
 * input stays the only control labelled Password (what people and browser tests look for).
 */
export function PasswordField(props: Omit<AuthFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <AuthField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="none"
      trailing={
        <button
          type="button"
          aria-controls={props.id}
          title={t(visible ? 'fields.hidePasswordTitle' : 'fields.showPasswordTitle')}
          onClick={() => setVisible((current) => !current)}
          className="inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <Icon aria-hidden="true" className="size-4" />
          {t(visible ? 'fields.hidePassword' : 'fields.showPassword')}
        </button>
      }
    />
  );
}
