import { BookOpen, RotateCcw } from 'lucide-react';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MathText } from '../../components/math-text';
import { LowConfidenceMark } from '../../components/study/low-confidence-mark';
import { cn } from '../../lib/cn';
import type { SessionCard } from './decks-data';

/** Long text reads better smaller and left-aligned; a short prompt is shown large in the middle. */
const isLong = (text: string) => text.length > 240 || text.split('\n').length > 4;

function CardText({ text, size }: { text: string; size: 'prompt' | 'answer' }) {
  const long = isLong(text);
  return (
    <p
      className={cn(
        'break-words whitespace-pre-wrap',
        long ? 'text-left text-base leading-relaxed md:text-lg' : 'text-center leading-snug',
        !long && size === 'prompt' && 'text-xl font-semibold md:text-2xl',
        !long && size === 'answer' && 'text-lg md:text-xl',
      )}
    >
      <MathText text={text} />
    </p>
  );
}

const faceClass =
  'col-start-1 row-start-1 flex max-h-[min(60vh,36rem)] min-h-[16rem] flex-col overflow-y-auto overscroll-contain rounded-3xl border border-border bg-card p-6 text-card-foreground shadow-md [backface-visibility:hidden] md:min-h-[20rem] md:p-10';

/**
 * A card that turns over: the front, then the back with the front above it. Both faces share one grid cell, so the
 * card is as tall as its longer side; a side longer than the screen scrolls inside the card. The turn is a 3D flip,
 * or instant for people who ask for reduced motion; the hidden face is inert, so neither focus nor screen readers
 * reach it.
 */
interface FlashcardProps {
  card: SessionCard;
  flipped: boolean;
  /** The card's source page is one OCR read with low confidence: the back says so beside the page. */
  sourceLowConfidence?: boolean;
  /** Rated earlier in this session and shown again (a learning step): the front says so. */
  comingBack?: boolean;
  onFlip: () => void;
  onOpenPage: (page: number) => void;
}

export const Flashcard = forwardRef<HTMLDivElement, FlashcardProps>(
  function Flashcard({ card, flipped, sourceLowConfidence = false, comingBack = false, onFlip, onOpenPage }, ref) {
    const { t } = useTranslation('decks');
    return (
      <div
        ref={ref}
        tabIndex={-1}
        className="[perspective:1800px] focus:outline-none transition-[opacity,translate] duration-300 motion-reduce:transition-none starting:translate-y-2 starting:opacity-0"
        data-testid="flashcard"
        data-flipped={flipped}
        aria-live="polite"
      >
        <div
          className={cn(
            'grid transition-transform duration-500 ease-[cubic-bezier(0.2,0.7,0.2,1)] [transform-style:preserve-3d] motion-reduce:transition-none',
            flipped && '[transform:rotateY(180deg)]',
          )}
        >
          <section
            className={cn(faceClass, !flipped && 'cursor-pointer')}
            aria-hidden={flipped}
            inert={flipped}
            aria-label={t('session.front')}
            onClick={() => !flipped && window.getSelection()?.toString() === '' && onFlip()}
            data-testid="flashcard-front"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">{t('session.front')}</span>
              {comingBack && (
                <span
                  className="inline-flex items-center gap-1 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-700 ring-1 ring-amber-500/25 ring-inset dark:text-amber-300"
                  data-testid="flashcard-coming-back"
                >
                  <RotateCcw aria-hidden="true" className="size-3" />
                  {t('session.comingBack')}
                </span>
              )}
            </div>
            <div className="my-auto py-6">
              <CardText text={card.front} size="prompt" />
            </div>
          </section>
          <section
            className={cn(faceClass, '[transform:rotateY(180deg)]')}
            aria-hidden={!flipped}
            inert={!flipped}
            aria-label={t('session.back')}
            data-testid="flashcard-back"
          >
            <div className="text-muted-foreground">
              <CardText text={card.front} size="answer" />
            </div>
            <hr className="my-5 border-dashed border-border" />
            <div className="my-auto pb-4">
              <CardText text={card.back} size="prompt" />
            </div>
            {card.page !== null && (
              <div className="mt-2 flex items-center gap-1 self-center">
                <button
                  type="button"
                  onClick={() => onOpenPage(card.page ?? 1)}
                  className="inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold text-primary hover:bg-primary/10"
                  data-testid="flashcard-source"
                >
                  <BookOpen aria-hidden="true" className="size-3.5" />
                  {t('page.source', { page: card.page })}
                </button>
                {sourceLowConfidence && <LowConfidenceMark page={card.page} />}
              </div>
            )}
          </section>
        </div>
      </div>
    );
  },
);
