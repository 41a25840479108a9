import { cn } from '../../lib/cn';

/** A thin bar for one file's upload; `value` from 0 to 1. */
export function ProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
  const percent = Math.round(value * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width] duration-200 ease-out', percent >= 100 ? 'bg-emerald-500' : 'bg-primary')}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
