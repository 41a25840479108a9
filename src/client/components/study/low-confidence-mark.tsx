import { ScanEye } from 'lucide-react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { TooltipContent } from '../ui/tooltip';

/**
 * A study item (summary point, key term, mind-map node, flashcard, challenge) drawn from a page OCR read with low
 * confidence: a quiet mark, not a warning — the item is probably right, the student should just check it against
 * the page. `icon`: a small round mark whose text shows on hover, focus and tap (a tooltip alone never opens on a
 * touch screen); `text`: the icon with the sentence, where there is room for it.
 */
export function LowConfidenceMark({ page, variant = 'icon', className }: { page: number; variant?: 'icon' | 'text'; className?: string }) {
  const { t } = useTranslation('study');
  const text = t('ocr.lowConfidenceItem', { page });
  if (variant === 'text') {
    return (
      <p className={cn('flex items-start gap-1.5 text-xs leading-relaxed text-amber-700 dark:text-amber-400', className)} data-testid="low-confidence-mark" data-page={page}>
        <ScanEye aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        <span>{text}</span>
      </p>
    );
  }
  return <IconMark page={page} text={text} className={className} />;
}

function IconMark({ page, text, className }: { page: number; text: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    // Its own provider: the mark works inside and outside the shell's (the lesson player, a dialog, a test).
    <TooltipPrimitive.Provider delayDuration={250}>
      <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
        <TooltipPrimitive.Trigger asChild>
          <button
            type="button"
            aria-label={text}
            data-testid="low-confidence-mark"
            data-page={page}
            // Radix closes a tooltip on its trigger's press; here a press (a tap above all) opens it. A tap or a click
            // elsewhere, Escape or moving away closes it again.
            onPointerDown={(event) => event.preventDefault()}
            onClick={(event) => {
              event.preventDefault();
              setOpen(true);
            }}
            className={cn(
              'inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-amber-500/12 text-amber-700 transition-colors hover:bg-amber-500/20 focus-visible:outline-2 focus-visible:outline-ring dark:text-amber-400 print:hidden',
              className,
            )}
          >
            <ScanEye aria-hidden="true" className="size-3.5" />
          </button>
        </TooltipPrimitive.Trigger>
        <TooltipContent>{text}</TooltipContent>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
