import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerResult, PlayChallenge } from '../../../shared/learn';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { splitAtBlank, tapDefinition, tapTerm, type Draft } from './learn-data';

/** Colours that tell the pairs of a match challenge apart. */
const PAIR_COLOURS = [
  'border-sky-500 bg-sky-500/10 text-sky-700 dark:text-sky-300',
  'border-violet-500 bg-violet-500/10 text-violet-700 dark:text-violet-300',
  'border-amber-500 bg-amber-500/10 text-amber-700 dark:text-amber-300',
  'border-emerald-500 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  'border-rose-500 bg-rose-500/10 text-rose-700 dark:text-rose-300',
];

const choiceClass =
  'flex w-full items-center gap-3 rounded-xl border-2 border-b-4 px-4 py-3 text-left text-[0.95rem] font-medium transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring/40 disabled:cursor-default';

function KeyHint({ children }: { children: ReactNode }) {
  return (
    <kbd aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-lg border border-border text-xs font-bold text-muted-foreground">
      {children}
    </kbd>
  );
}

/** How a choice looks: chosen, and after the check right or wrong. */
function choiceLook(selected: boolean, verdict: 'right' | 'wrong' | null): string {
  if (verdict === 'right') return 'border-emerald-500 bg-emerald-500/10 text-emerald-800 dark:text-emerald-200';
  if (verdict === 'wrong') return 'border-rose-500 bg-rose-500/10 text-rose-800 dark:text-rose-200';
  if (selected) return 'border-primary bg-primary/10 text-foreground';
  return 'border-border bg-card hover:bg-muted';
}

/** The answer area of one challenge; `feedback` (after the check) marks the right and wrong choices. */
export function ChallengeBody({
  challenge,
  draft,
  onDraft,
  locked,
  feedback,
}: {
  challenge: PlayChallenge;
  draft: Draft;
  onDraft: (draft: Draft) => void;
  locked: boolean;
  feedback: AnswerResult | null;
}) {
  const { t } = useTranslation('learn');
  if (challenge.type === 'multiple_choice' && draft.type === 'multiple_choice') {
    return (
      <div role="radiogroup" aria-label={t('player.options')} className="grid gap-3">
        {challenge.options.map((option, index) => {
          const selected = draft.optionId === option.id;
          const verdict = feedback ? (option.text === feedback.correctAnswer ? 'right' : selected ? 'wrong' : null) : null;
          return (
            <button
              key={option.id}
              type="button"
              data-choice
              role="radio"
              aria-checked={selected}
              disabled={locked}
              onClick={() => onDraft({ ...draft, optionId: option.id })}
              className={cn(choiceClass, choiceLook(selected, verdict))}
              data-testid="challenge-option"
            >
              <KeyHint>{index + 1}</KeyHint>
              <span className="flex-1">{option.text}</span>
            </button>
          );
        })}
      </div>
    );
  }
  if (challenge.type === 'true_false' && draft.type === 'true_false') {
    const values = ['true', 'false'] as const;
    return (
      <div role="radiogroup" aria-label={t('player.options')} className="grid grid-cols-2 gap-3">
        {values.map((value, index) => {
          const selected = draft.value === value;
          const verdict = feedback ? (value === feedback.correctAnswer ? 'right' : selected ? 'wrong' : null) : null;
          return (
            <button
              key={value}
              type="button"
              data-choice
              role="radio"
              aria-checked={selected}
              disabled={locked}
              onClick={() => onDraft({ ...draft, value })}
              className={cn(choiceClass, 'justify-center py-5 text-base font-bold', choiceLook(selected, verdict))}
              data-testid={`challenge-${value}`}
            >
              <KeyHint>{index + 1}</KeyHint>
              {value === 'true' ? <Check aria-hidden="true" className="size-5" /> : <X aria-hidden="true" className="size-5" />}
              {t(`player.${value}`)}
            </button>
          );
        })}
      </div>
    );
  }
  if (challenge.type === 'fill_blank' && draft.type === 'fill_blank') {
    return (
      <div className="space-y-5">
        <Input
          value={draft.text}
          onChange={(event) => onDraft({ ...draft, text: event.target.value })}
          disabled={locked}
          placeholder={t('player.typeAnswer')}
          aria-label={t('player.typeAnswer')}
          className="h-12 text-base"
          autoComplete="off"
          spellCheck={false}
          data-testid="challenge-input"
        />
        <div>
          <p className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t('player.wordBank')}</p>
          <div className="flex flex-wrap gap-2">
            {challenge.options.map((word) => {
              const chosen = draft.text.trim().toLowerCase() === word.toLowerCase();
              return (
                <button
                  key={word}
                  type="button"
              data-choice
                  disabled={locked}
                  aria-pressed={chosen}
                  onClick={() => onDraft({ ...draft, text: chosen ? '' : word })}
                  className={cn(
                    'rounded-xl border-2 border-b-4 px-3.5 py-2 text-sm font-semibold transition-colors disabled:cursor-default',
                    chosen ? 'border-primary bg-primary/10 text-primary' : 'border-border bg-card hover:bg-muted',
                  )}
                  data-testid="challenge-word"
                >
                  {word}
                </button>
              );
            })}
          </div>
        </div>
      </div>
    );
  }
  if (challenge.type === 'match' && draft.type === 'match') {
    const pairIndex = (key: 'term' | 'definition', value: string) => draft.pairs.findIndex((pair) => pair[key] === value);
    const tile = (active: boolean, index: number) =>
      cn(
        'flex min-h-14 w-full items-center rounded-xl border-2 border-b-4 px-3 py-2 text-left text-sm font-medium transition-colors disabled:cursor-default',
        index >= 0 ? PAIR_COLOURS[index % PAIR_COLOURS.length] : active ? 'border-primary bg-primary/10' : 'border-border bg-card hover:bg-muted',
      );
    return (
      <div className="grid grid-cols-2 gap-3" data-testid="challenge-match">
        <ul className="grid content-start gap-2.5" aria-label={t('player.terms')}>
          {challenge.terms.map((term) => (
            <li key={term}>
              <button
                type="button"
              data-choice
                disabled={locked}
                aria-pressed={draft.selectedTerm === term}
                onClick={() => onDraft(tapTerm(draft, term))}
                className={tile(draft.selectedTerm === term, pairIndex('term', term))}
                data-testid="match-term"
              >
                {term}
              </button>
            </li>
          ))}
        </ul>
        <ul className="grid content-start gap-2.5" aria-label={t('player.definitions')}>
          {challenge.definitions.map((definition) => (
            <li key={definition}>
              <button
                type="button"
              data-choice
                disabled={locked}
                onClick={() => onDraft(tapDefinition(draft, definition))}
                className={tile(false, pairIndex('definition', definition))}
                data-testid="match-definition"
              >
                {definition}
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return null;
}

/** The question; a fill-in shows the word being put in its blank. */
export function ChallengeQuestion({ challenge, draft, reported }: { challenge: PlayChallenge; draft: Draft; reported: boolean }) {
  const parts = challenge.type === 'fill_blank' ? splitAtBlank(challenge.question) : null;
  const className = cn('text-xl leading-snug font-bold md:text-2xl', reported && 'line-through decoration-2 opacity-60');
  if (parts && draft.type === 'fill_blank') {
    const word = draft.text.trim();
    return (
      <h2 className={className} data-testid="challenge-question">
        {parts[0]}
        <span className={cn('mx-1 inline-block min-w-[5ch] border-b-2 px-1 text-center', word ? 'border-primary text-primary' : 'border-muted-foreground/50')}>{word || '\u00a0'}</span>
        {parts[1]}
      </h2>
    );
  }
  return (
    <h2 className={className} data-testid="challenge-question">
      {challenge.question}
    </h2>
  );
}
