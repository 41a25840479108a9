import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ChallengeType } from './admin-data';

export function TypeBadge({ type }: { type: ChallengeType }) {
  const { t } = useTranslation('admin');
  return <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-muted-foreground">{t(`type.${type}`)}</span>;
}

/** The right answer as the player shows it; true/false in the reader's language, matches one pair a line. */
export function CorrectAnswer({ type, answer }: { type: ChallengeType; answer: string }) {
  const { t } = useTranslation('admin');
  const shown = type === 'true_false' ? t(answer === 'true' ? 'answer.true' : 'answer.false') : answer;
  return (
    <div className="rounded-xl bg-primary/10 px-4 py-3" data-testid="admin-correct-answer">
      <p className="flex items-center gap-1.5 text-xs font-bold tracking-wide text-primary uppercase">
        <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
        {t('reports.correctAnswer')}
      </p>
      <p className="mt-1 text-sm font-semibold whitespace-pre-line text-pretty">{shown}</p>
    </div>
  );
}
