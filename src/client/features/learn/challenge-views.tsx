import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerResult, PlayChallenge } from '../../../shared/learn';
import { MathText } from '../../components/math-text';
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
    <kbd aria-hidden="true" data-testid="key-hint" className="flex size-7 shrink-0 items-center justify-center rounded-lg border border-border text-xs font-bold text-muted-foreground touch:hidden">
      {children}
    </kbd>
  );
}

type Verdict = 'right' | 'wrong' | null;

/**
 * After the check: a tick on the right answer and a cross on a wrong one chosen, said to screen readers too (the
 * colour alone tells neither a colour-blind reader nor a screen reader). `data-verdict` on the choice is what the
 * player scrolls into view above the feedback.
 */
function VerdictMark({ verdict, badge = false }: { verdict: Verdict; badge?: boolean }) {
  const { t } = useTranslation('learn');
  if (!verdict) return null;
  const Icon = verdict === 'right' ? Check : X;
  const label = <span className="sr-only">{t(`player.verdict.${verdict}`)}</span>;
  if (badge) {
    // On a true/false tile, whose own icon is already a tick or a cross: a round badge on its corner.
    return (
      <span className={cn('absolute -top-2.5 -right-2.5 flex size-7 items-center justify-center rounded-full text-white shadow-sm', verdict === 'right' ? 'bg-emerald-600' : 'bg-rose-600')}>
        <Icon aria-hidden="true" strokeWidth={3} className="size-4" />
        {label}
      </span>
    );
  }
  return (
    <>
      <Icon aria-hidden="true" strokeWidth={3} className={cn('size-5 shrink-0', verdict === 'right' ? 'text-emerald-600 dark:text-emerald-400' : 'text-rose-600 dark:text-rose-400')} />
      {label}
    </>
  );
}

/** The right definition of each term, from the feedback's pairs ('term — definition' a line). */
function rightPairs(correctAnswer: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const line of correctAnswer.split('\n')) {
    const at = line.indexOf(' — ');
    if (at > 0) pairs.set(line.slice(0, at).trim(), line.slice(at + 3).trim());
  }
  return pairs;
}

/** How a choice looks: chosen, and after the check right or wrong. */
function choiceLook(selected: boolean, verdict: Verdict): string {
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
          const verdict: Verdict = feedback ? (option.text === feedback.correctAnswer ? 'right' : selected ? 'wrong' : null) : null;
          return (
            <button
              key={option.id}
              data-verdict={verdict ?? undefined}
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
              <span className="flex-1">
                <MathText text={option.text} />
              </span>
              <VerdictMark verdict={verdict} />
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
          const verdict: Verdict = feedback ? (value === feedback.correctAnswer ? 'right' : selected ? 'wrong' : null) : null;
          return (
            <button
              key={value}
              data-verdict={verdict ?? undefined}
              type="button"
              data-choice
              role="radio"
              aria-checked={selected}
              disabled={locked}
              onClick={() => onDraft({ ...draft, value })}
              className={cn(choiceClass, 'relative justify-center py-5 text-base font-bold', choiceLook(selected, verdict))}
              data-testid={`challenge-${value}`}
            >
              <KeyHint>{index + 1}</KeyHint>
              {value === 'true' ? <Check aria-hidden="true" className="size-5" /> : <X aria-hidden="true" className="size-5" />}
              {t(`player.${value}`)}
              <VerdictMark verdict={verdict} badge />
            </button>
          );
        })}
      </div>
    );
  }
  if (challenge.type === 'fill_blank' && draft.type === 'fill_blank') {
    const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
    const typed: Verdict = feedback && draft.text.trim() ? (feedback.correct ? 'right' : 'wrong') : null;
    return (
      <div className="space-y-5">
        <Input
          data-verdict={typed ?? undefined}
          aria-invalid={typed === 'wrong' || undefined}
          value={draft.text}
          onChange={(event) => onDraft({ ...draft, text: event.target.value })}
          disabled={locked}
          placeholder={t('player.typeAnswer')}
          aria-label={t('player.typeAnswer')}
          className={cn('h-12 text-base', typed === 'right' && 'border-emerald-500', typed === 'wrong' && 'border-rose-500 line-through decoration-rose-500/70')}
          autoComplete="off"
          spellCheck={false}
          data-testid="challenge-input"
        />
        <div>
          <p className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t('player.wordBank')}</p>
          <div className="flex flex-wrap gap-2">
            {challenge.options.map((word) => {
              const chosen = same(draft.text, word);
              const verdict: Verdict = feedback ? (same(feedback.correctAnswer, word) ? 'right' : chosen ? 'wrong' : null) : null;
              return (
                <button
                  key={word}
                  type="button"
                  data-choice
                  data-verdict={verdict ?? undefined}
                  disabled={locked}
                  aria-pressed={chosen}
                  onClick={() => onDraft({ ...draft, text: chosen ? '' : word })}
                  className={cn(
                    'flex items-center gap-1.5 rounded-xl border-2 border-b-4 px-3.5 py-2 text-sm font-semibold transition-colors disabled:cursor-default',
                    verdict ? choiceLook(chosen, verdict) : chosen ? 'border-primary bg-primary/10 text-primary' : 'border-border bg-card hover:bg-muted',
                  )}
                  data-testid="challenge-word"
                >
                  <span>
                    <MathText text={word} />
                  </span>
                  <VerdictMark verdict={verdict} />
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
    const right = feedback ? rightPairs(feedback.correctAnswer) : null;
    // After the check, each pair made is marked on both its tiles: right when the term got its own definition.
    const pairVerdict = (key: 'term' | 'definition', value: string): Verdict => {
      const pair = right ? draft.pairs.find((candidate) => candidate[key] === value) : undefined;
      if (!right || !pair) return null;
      return right.get(pair.term) === pair.definition ? 'right' : 'wrong';
    };
    const tile = (active: boolean, index: number) =>
      cn(
        'flex min-h-14 w-full items-center justify-between gap-2 rounded-xl border-2 border-b-4 px-3 py-2 text-left text-sm font-medium transition-colors disabled:cursor-default',
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
                data-verdict={pairVerdict('term', term) ?? undefined}
                data-testid="match-term"
              >
                <span className="min-w-0 break-words">
                  <MathText text={term} />
                </span>
                <VerdictMark verdict={pairVerdict('term', term)} />
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
                data-verdict={pairVerdict('definition', definition) ?? undefined}
                data-testid="match-definition"
              >
                <span className="min-w-0 break-words">
                  <MathText text={definition} />
                </span>
                <VerdictMark verdict={pairVerdict('definition', definition)} />
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
        <MathText text={parts[0]} />
        <span className={cn('mx-1 inline-block min-w-[5ch] border-b-2 px-1 text-center', word ? 'border-primary text-primary' : 'border-muted-foreground/50')}>{word ? <MathText text={word} /> : '\u00a0'}</span>
        <MathText text={parts[1]} />
      </h2>
    );
  }
  return (
    <h2 className={className} data-testid="challenge-question">
      <MathText text={challenge.question} />
    </h2>
  );
}
