import { CircleAlert } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';

export type AuthFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** A control drawn inside the input's right edge, such as the password toggle. */
  trailing?: ReactNode;
};

/**
 * A labelled input whose hint and error are read out with it (aria-describedby) and whose error marks it invalid. Its
 * border is darker than the --input token so the field's edge keeps the 3:1 contrast WCAG asks of form controls.
 */
export function AuthField({ id, label, hint, error, trailing, className, ...input }: AuthFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn('h-11 border-muted-foreground/70 text-base sm:text-sm', trailing ? 'pr-24' : null, className)}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-destructive">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
