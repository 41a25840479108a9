import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../components/ui/button';
import { useSignedIn } from './use-signed-in';

/** "Get started" to sign-up for visitors, "Go to dashboard" for someone already signed in. */
export function PrimaryCta({
  label,
  size = 'lg',
  className,
  onClick,
}: {
  label?: string;
  size?: ButtonProps['size'];
  className?: string;
  onClick?: () => void;
}) {
  const { t } = useTranslation('landing');
  const signedIn = useSignedIn();
  return (
    <Button asChild size={size} className={className}>
      {signedIn ? (
        <Link to="/dashboard" onClick={onClick}>
          {t('cta.dashboard')}
          <ArrowRight aria-hidden="true" />
        </Link>
      ) : (
        <Link to="/auth" search={{ mode: 'sign-up' }} onClick={onClick}>
          {label ?? t('cta.getStarted')}
          <ArrowRight aria-hidden="true" />
        </Link>
      )}
    </Button>
  );
}
