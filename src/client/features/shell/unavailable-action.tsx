import type { LucideIcon } from 'lucide-react';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';

/**
 * An action that exists in the product but cannot be used yet (no file open, or the feature ships in a later
 * update). It stays focusable (aria-disabled, not disabled) so keyboard and screen-reader users reach the reason.
 */
export function UnavailableAction({
  icon: Icon,
  label,
  reason,
  showLabel = false,
  className,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  reason: string;
  showLabel?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <Tooltip content={reason}>
      <button
        type="button"
        aria-disabled="true"
        aria-label={showLabel ? undefined : label}
        data-testid={testId}
        className={cn(
          'inline-flex shrink-0 cursor-not-allowed items-center justify-center gap-2 rounded-lg text-muted-foreground/70 [&_svg]:size-4',
          showLabel ? 'h-9 border border-border px-3 text-sm font-semibold' : 'size-7',
          className,
        )}
      >
        <Icon aria-hidden="true" />
        {showLabel && <span className="max-lg:sr-only">{label}</span>}
      </button>
    </Tooltip>
  );
}
