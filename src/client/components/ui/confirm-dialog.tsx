import { AlertDialog } from 'radix-ui';
import { Info, LoaderCircle, TriangleAlert, type LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { Input } from './input';

export type ConfirmSeverity = 'low' | 'medium' | 'high';

interface ConfirmDialogBaseProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Defaults to the common "Confirm". */
  confirmLabel?: string;
  /**
   * Runs while the dialog shows a pending state; the dialog closes when it resolves. When it rejects the dialog stays
   * open so the person can retry or cancel; reporting the error (a toast) is the caller's job, as only it knows the
   * message.
   */
  onConfirm: () => unknown;
}

/** High severity (spec §5) needs the confirmation text, e.g. "MAKE PRIVATE", typed exactly before it can proceed. */
export type ConfirmDialogProps = ConfirmDialogBaseProps &
  ({ severity?: 'low' | 'medium'; confirmationText?: never } | { severity: 'high'; confirmationText: string });

const SEVERITY_LOOK: Record<ConfirmSeverity, { icon: LucideIcon; iconClass: string; buttonClass: string }> = {
  low: { icon: Info, iconClass: 'bg-primary/12 text-primary', buttonClass: '' },
  medium: {
    icon: TriangleAlert,
    iconClass: 'bg-amber-500/15 text-amber-600 dark:text-amber-400',
    buttonClass: 'bg-amber-500 text-amber-950 hover:bg-amber-500/90',
  },
  high: {
    icon: TriangleAlert,
    iconClass: 'bg-destructive/12 text-destructive',
    // White on the dark theme's lighter red reads at 3.8:1; red-600 keeps the label at 4.8:1 in both themes.
    buttonClass: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
  },
};

/** The generic confirmation dialog of spec §2 "Dialogs", coloured by severity. */
/** How the text a person must type is shown inside a label, here and in other typed confirmations. */
export const typedTextCode = <span className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.8125rem] font-semibold" />;

export function ConfirmDialog(props: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const inputId = useId();
  return (
    // While onConfirm runs, Escape and Cancel do not close the dialog: the outcome is still unknown.
    <AlertDialog.Root open={props.open} onOpenChange={(open) => pending || props.onOpenChange(open)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px] transition-opacity starting:opacity-0" />
        <AlertDialog.Content
          data-severity={props.severity ?? 'low'}
          // Typing is the next step of a high-severity confirmation; otherwise Radix focuses Cancel, the safe choice.
          onOpenAutoFocus={(event) => {
            if (props.severity !== 'high') return;
            event.preventDefault();
            document.getElementById(inputId)?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-5 rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-xl transition-[opacity,scale] starting:scale-95 starting:opacity-0"
        >
          {/* Mounted only while open, so the typed text starts empty each time. */}
          <ConfirmDialogBody {...props} inputId={inputId} pending={pending} setPending={setPending} />
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function ConfirmDialogBody({
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  severity = 'low',
  confirmationText,
  inputId,
  pending,
  setPending,
}: ConfirmDialogProps & { inputId: string; pending: boolean; setPending: (pending: boolean) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const look = SEVERITY_LOOK[severity];
  const Icon = look.icon;
  const needsTyping = severity === 'high';
  const canConfirm = !pending && (!needsTyping || typed === confirmationText);

  async function confirm() {
    if (!canConfirm) return;
    setPending(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // See onConfirm: the caller has reported the failure; staying open lets the person retry.
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <div className="flex gap-4">
        <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', look.iconClass)}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="flex min-w-0 flex-col gap-1.5">
          <AlertDialog.Title className="text-lg leading-tight font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">{description}</AlertDialog.Description>
        </div>
      </div>
      {needsTyping && (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <label htmlFor={inputId} className="text-sm font-medium">
            <Trans
              t={t}
              i18nKey="typeToConfirm"
              values={{ text: confirmationText }}
              components={{ code: typedTextCode }}
            />
          </label>
          <Input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={pending}
            className="font-mono"
          />
        </form>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <AlertDialog.Cancel asChild>
          <Button variant="outline" disabled={pending}>
            {t('cancel')}
          </Button>
        </AlertDialog.Cancel>
        <Button className={look.buttonClass} disabled={!canConfirm} aria-busy={pending} onClick={() => void confirm()}>
          {pending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {pending ? t('working') : (confirmLabel ?? t('confirm'))}
        </Button>
      </div>
    </>
  );
}
