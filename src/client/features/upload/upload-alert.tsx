import { Link } from '@tanstack/react-router';
import { CircleAlert, RotateCw, Sparkles, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/** refused: the server said no; limit: a plan limit, with Upgrade; offline: no answer; error: the server failed. */
export type UploadAlertTone = 'refused' | 'limit' | 'offline' | 'error';

/**
 * What went wrong with an upload, said once above the actions: a refusal (with Upgrade when a plan limit is what
 * stood in the way, to the same settings page the sidebar's Upgrade opens) or a failure to reach the server (Retry).
 */
export function UploadAlert({
  message,
  tone,
  onRetry,
  testId = 'upload-error',
}: {
  message: string;
  tone: UploadAlertTone;
  onRetry?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('upload');
  const Icon = tone === 'limit' ? Sparkles : tone === 'offline' ? WifiOff : CircleAlert;
  return (
    <div
      role="alert"
      data-testid={testId}
      data-tone={tone}
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-3 sm:flex-row sm:items-center',
        tone === 'limit' ? 'border-points/40 bg-points/10' : 'border-destructive/30 bg-destructive/8',
      )}
    >
      <div className="flex min-w-0 flex-1 items-start gap-2.5">
        <span
          className={cn(
            'flex size-8 shrink-0 items-center justify-center rounded-lg',
            tone === 'limit' ? 'bg-points/20 text-amber-700 dark:text-star' : 'bg-destructive/12 text-destructive',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <p className="self-center text-sm font-medium" data-testid={`${testId}-message`}>
          {message}
        </p>
      </div>
      {tone === 'limit' && (
        <Button asChild size="sm" className="shrink-0 self-start sm:self-center">
          <Link to="/settings" search={{ mode: 'plans' }} data-testid="upload-upgrade">
            <Sparkles aria-hidden="true" />
            {t('alert.upgrade')}
          </Link>
        </Button>
      )}
      {onRetry && (
        <Button variant="outline" size="sm" className="shrink-0 self-start sm:self-center" onClick={onRetry} data-testid="upload-retry">
          <RotateCw aria-hidden="true" />
          {t('alert.retry')}
        </Button>
      )}
    </div>
  );
}
