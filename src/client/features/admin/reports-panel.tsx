import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpen, CheckCheck, CircleCheck, Flag, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import type { ReportedChallenge } from './admin-data';
import { formatTimeAgo } from './admin-format';
import { AdminCard, LoadFailed, PanelMessage } from './admin-parts';
import { CorrectAnswer, TypeBadge } from './challenge-parts';
import { LessonReviewDialog } from './lesson-review-dialog';

/** The review queue: challenges with reports no admin has looked at, the longest waiting first. */
export function ReportsPanel() {
  const { t } = useTranslation(['admin', 'errors']);
  const trpc = useTRPC();
  const query = useQuery(trpc.admin.listReportedChallenges.queryOptions());
  const [openLesson, setOpenLesson] = useState<{ lessonId: string; challengeId: string } | null>(null);

  if (query.isPending) return <ReportsSkeleton />;
  if (!query.data) return <LoadFailed testId="admin-reports-load-failed" onRetry={() => void query.refetch()} />;
  const { challenges, total } = query.data;
  if (challenges.length === 0) {
    return (
      <PanelMessage
        icon={CheckCheck}
        tone="primary"
        testId="admin-reports-empty"
        title={t('reports.emptyTitle')}
        description={t('reports.emptyDescription')}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-semibold text-muted-foreground">
        {t('reports.count', { count: total })}
        {total > challenges.length && <> · {t('reports.shownOf', { shown: challenges.length })}</>}
      </p>
      <ul className="flex flex-col gap-4" data-testid="admin-reports">
        {challenges.map((item) => (
          <li key={item.challengeId}>
            <ReportCard item={item} onOpenLesson={() => setOpenLesson({ lessonId: item.lessonId, challengeId: item.challengeId })} />
          </li>
        ))}
      </ul>
      <LessonReviewDialog
        lessonId={openLesson?.lessonId ?? null}
        highlightChallengeId={openLesson?.challengeId ?? null}
        onClose={() => setOpenLesson(null)}
      />
    </div>
  );
}

function ReportCard({ item, onOpenLesson }: { item: ReportedChallenge; onOpenLesson: () => void }) {
  const { t, i18n } = useTranslation(['admin', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dismiss = useMutation(
    trpc.admin.dismissReports.mutationOptions({
      onSuccess: async () => {
        toast.success(t('reports.dismissed'));
        await queryClient.invalidateQueries(trpc.admin.listReportedChallenges.pathFilter());
      },
      onError: (error) => toast.error(errorMessage(error, t, t('reports.dismissFailed'))),
    }),
  );

  return (
    <AdminCard className="flex flex-col gap-4 p-4 md:p-6" data-testid="admin-report" data-challenge-id={item.challengeId}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <TypeBadge type={item.type} />
        <span className="inline-flex items-center gap-1.5 rounded-full bg-destructive/10 px-2.5 py-0.5 text-xs font-bold text-destructive">
          <Flag aria-hidden="true" className="size-3.5" />
          <span data-testid="admin-report-count">{t('reports.reportCount', { count: item.reportCount })}</span>
        </span>
        <span className="text-xs text-muted-foreground">
          <time dateTime={item.firstReportedAt.toISOString()} title={item.firstReportedAt.toLocaleString(i18n.language)}>
            {t('reports.firstReported', { when: formatTimeAgo(item.firstReportedAt, new Date(), i18n.language) })}
          </time>
        </span>
      </div>
      <h3 className="text-base leading-snug font-bold text-pretty md:text-lg">{item.question}</h3>
      <div className="grid gap-3 md:grid-cols-2">
        <CorrectAnswer type={item.type} answer={item.correctAnswer} />
        <div className="rounded-xl bg-muted/60 px-4 py-3">
          <p className="text-xs font-bold tracking-wide text-muted-foreground uppercase">{t('reports.explanation')}</p>
          <p className="mt-1 text-sm text-pretty">{item.explanation}</p>
        </div>
      </div>
      <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="min-w-0 text-sm text-muted-foreground">
          <span className="sr-only">{t('reports.location')}: </span>
          <span className="font-semibold text-foreground">{item.courseName}</span>
          <span aria-hidden="true"> › </span>
          <span className="break-all">{item.fileName}</span>
          <span aria-hidden="true"> › </span>
          <span>{item.lessonTitle}</span>
          {item.page !== null && <span> · {t('reports.page', { page: item.page })}</span>}
        </p>
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
          <Button variant="outline" onClick={onOpenLesson} data-testid="admin-open-lesson">
            <BookOpen aria-hidden="true" />
            {t('reports.openLesson')}
          </Button>
          <Button
            variant="secondary"
            disabled={dismiss.isPending}
            aria-busy={dismiss.isPending || undefined}
            onClick={() => dismiss.mutate({ challengeId: item.challengeId })}
            data-testid="admin-dismiss"
          >
            {dismiss.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <CircleCheck aria-hidden="true" />}
            {dismiss.isPending ? t('reports.dismissing') : t('reports.dismiss')}
          </Button>
        </div>
      </div>
    </AdminCard>
  );
}

function ReportsSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      {Array.from({ length: 2 }, (_, index) => (
        <AdminCard key={index} className="flex flex-col gap-4 p-6">
          <Skeleton className="h-5 w-48 rounded-full" />
          <Skeleton className="h-6 w-3/4" />
          <div className="grid gap-3 md:grid-cols-2">
            <Skeleton className="h-20 rounded-xl" />
            <Skeleton className="h-20 rounded-xl" />
          </div>
        </AdminCard>
      ))}
    </div>
  );
}
