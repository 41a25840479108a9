import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Flag } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useTRPC } from '../../lib/trpc';
import type { LessonReview } from './admin-data';
import { CorrectAnswer, TypeBadge } from './challenge-parts';

/**
 * "Open lesson": the reported challenge in its lesson, read-only with every right answer. An admin may not study
 * another user's file, so this is the admin's way to see the lesson; the reported challenge is scrolled into view.
 */
export function LessonReviewDialog({
  lessonId,
  highlightChallengeId,
  onClose,
}: {
  lessonId: string | null;
  highlightChallengeId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const trpc = useTRPC();
  const review = useQuery({ ...trpc.admin.getLesson.queryOptions({ lessonId: lessonId ?? '' }), enabled: lessonId !== null });
  const data = lessonId !== null ? review.data : undefined;

  useEffect(() => {
    if (!data || !highlightChallengeId) return;
    document.getElementById(`review-${highlightChallengeId}`)?.scrollIntoView({ block: 'center' });
  }, [data, highlightChallengeId]);

  return (
    <Dialog open={lessonId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl gap-5 p-5 md:p-6" data-testid="admin-lesson-dialog" aria-busy={review.isPending || undefined}>
        <DialogHeader>
          <DialogTitle>{data ? data.lesson.title : t('reports.openLesson')}</DialogTitle>
          <DialogDescription>
            {data
              ? t('lesson.context', { course: data.lesson.courseName, file: data.lesson.fileName, unit: data.lesson.unitTitle })
              : t('lesson.readOnly')}
          </DialogDescription>
        </DialogHeader>
        {review.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-28 rounded-xl" />
            <Skeleton className="h-28 rounded-xl" />
          </div>
        ) : !data ? (
          <p className="flex items-center gap-2 rounded-xl bg-destructive/10 px-4 py-3 text-sm text-destructive" data-testid="admin-lesson-failed">
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
            {t('lesson.loadFailed')}
          </p>
        ) : (
          <LessonChallenges review={data} highlight={highlightChallengeId} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function LessonChallenges({ review, highlight }: { review: LessonReview; highlight: string | null }) {
  const { t } = useTranslation('admin');
  if (review.challenges.length === 0) return <p className="text-sm text-muted-foreground">{t('lesson.empty')}</p>;
  return (
    <>
      <p className="-mt-2 text-xs text-muted-foreground">{t('lesson.readOnly')}</p>
      <ol className="flex flex-col gap-3">
        {review.challenges.map((item, index) => (
          <li
            key={item.challengeId}
            id={`review-${item.challengeId}`}
            data-testid="admin-lesson-challenge"
            data-highlighted={item.challengeId === highlight || undefined}
            className={cn(
              'flex flex-col gap-3 rounded-xl border border-border p-4',
              item.openReports > 0 && 'border-amber-500/60 bg-amber-500/5',
              item.challengeId === highlight && 'ring-2 ring-amber-500/50',
            )}
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-xs font-bold text-muted-foreground">{t('lesson.challenge', { number: index + 1 })}</span>
              <TypeBadge type={item.type} />
              {item.openReports > 0 && (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-bold text-amber-800 dark:text-amber-300">
                  <Flag aria-hidden="true" className="size-3" />
                  {t('lesson.openReports', { count: item.openReports })}
                </span>
              )}
            </div>
            <p className="font-semibold text-pretty">{item.question}</p>
            <CorrectAnswer type={item.type} answer={item.correctAnswer} />
            <p className="text-sm text-pretty text-muted-foreground">{item.explanation}</p>
          </li>
        ))}
      </ol>
    </>
  );
}
