import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_SIDE_MAX, cardTextProblem, type CardSide } from '../../../shared/decks';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';

export interface CardValues {
  front: string;
  back: string;
}

const ERROR_KEYS: Record<CardSide, Record<'empty' | 'tooLong', string>> = {
  front: { empty: 'errors:cardFrontEmpty', tooLong: 'errors:cardFrontTooLong' },
  back: { empty: 'errors:cardBackEmpty', tooLong: 'errors:cardBackTooLong' },
};

/**
 * Adding or editing a card: front and back, each 1–5,000 characters once trimmed (the server's rule, checked here
 * first). Nothing typed is cut: a side over the limit is shown with its count in red until it is shortened, and a
 * refused save keeps the dialog and the text.
 */
export function CardFormDialog({
  open,
  onOpenChange,
  mode,
  deckName,
  initial,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'add' | 'edit';
  deckName: string;
  initial?: CardValues;
  /** Resolves when saved (the dialog closes); rejects when refused (it stays open, the caller has said why). */
  onSubmit: (values: CardValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('decks');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" data-testid="card-form">
        <DialogHeader>
          <DialogTitle>{mode === 'add' ? t('form.addTitle') : t('form.editTitle')}</DialogTitle>
          <DialogDescription>{t('form.description', { deck: deckName })}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the card's text (or empty). */}
        {open && <CardForm mode={mode} initial={initial} onSubmit={onSubmit} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CardForm({
  mode,
  initial,
  onSubmit,
  onDone,
}: {
  mode: 'add' | 'edit';
  initial: CardValues | undefined;
  onSubmit: (values: CardValues) => Promise<unknown>;
  onDone: () => void;
}) {
  const { t } = useTranslation(['decks', 'errors', 'common']);
  const [values, setValues] = useState<CardValues>(initial ?? { front: '', back: '' });
  const [showErrors, setShowErrors] = useState(false);
  const [pending, setPending] = useState(false);
  const problems = { front: cardTextProblem(values.front), back: cardTextProblem(values.back) };

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setShowErrors(true);
    if (problems.front || problems.back || pending) return;
    setPending(true);
    try {
      await onSubmit(values);
      onDone();
    } catch {
      // The caller showed why; the text stays for another try.
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className="grid gap-5"
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit(event);
      }}
    >
      {(['front', 'back'] as const).map((side) => {
        const problem = showErrors || values[side].trim().length > CARD_SIDE_MAX ? problems[side] : null;
        return (
          <SideField
            key={side}
            side={side}
            value={values[side]}
            autoFocus={side === 'front'}
            error={problem ? t(ERROR_KEYS[side][problem], { max: CARD_SIDE_MAX }) : null}
            onChange={(value) => setValues((current) => ({ ...current, [side]: value }))}
          />
        );
      })}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" data-testid="card-form-submit" aria-busy={pending} disabled={pending}>
          {pending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {mode === 'add' ? t('form.add') : t('form.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}

function SideField({
  side,
  value,
  error,
  autoFocus,
  onChange,
}: {
  side: CardSide;
  value: string;
  error: string | null;
  autoFocus: boolean;
  onChange: (value: string) => void;
}) {
  const { t, i18n } = useTranslation('decks');
  const id = useId();
  const length = value.trim().length;
  const over = length > CARD_SIDE_MAX;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold">
          {t(`form.${side}`)}
        </label>
        <span className={cn('text-xs tabular-nums text-muted-foreground', over && 'font-semibold text-destructive')} aria-live="polite">
          {t('form.count', { count: number.format(length), max: number.format(CARD_SIDE_MAX) })}
        </span>
      </div>
      <textarea
        id={id}
        data-testid={`card-form-${side}`}
        value={value}
        autoFocus={autoFocus}
        rows={side === 'front' ? 3 : 5}
        placeholder={t(`form.${side}Placeholder`)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-20 w-full resize-y rounded-lg border border-input bg-background px-3 py-2 text-sm leading-relaxed placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive max-h-[40vh]"
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive" data-testid={`card-form-${side}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
