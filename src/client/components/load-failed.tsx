import { AlertTriangle, RotateCcw } from 'lucide-react';
import type { ComponentProps, ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { Button } from './ui/button';

/**
 * What a page or panel shows when its data did not load: a warning, a calm line and a retry, inside the caller's card.
 * The words are `loadFailed.title`, `loadFailed.description` and `loadFailed.retry` of the caller's namespace, since
 * each feature says it in its own way.
 */
export function LoadFailed({
  card: Card,
  className,
  namespace,
  testId,
  onRetry,
}: {
  card: ComponentType<ComponentProps<'div'>>;
  className?: string;
  namespace: string;
  testId: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation(namespace);
  return (
    <Card className={cn('flex flex-col items-center py-10 text-center', className)} data-testid={testId}>
      <AlertTriangle aria-hidden="true" className="size-9 text-destructive" />
      <p className="mt-3 font-bold">{t('loadFailed.title')}</p>
      <p className="mt-1 text-sm text-muted-foreground">{t('loadFailed.description')}</p>
      <Button variant="outline" className="mt-5" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        {t('loadFailed.retry')}
      </Button>
    </Card>
  );
}
