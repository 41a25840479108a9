import { useQuery } from '@tanstack/react-query';
import { useKeepFinishedLessons } from './keep-lessons';
import { Link } from '@tanstack/react-router';
import { AlertTriangle, BarChart3, Check, Lock, RotateCcw, Route, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_LESSON_ID, type LearnPath, type PathLesson, type PathUnit } from '../../../shared/learn';
import { progressColour, type ProgressColour } from '../../../shared/lesson-rules';
import { LessonStatsDialog, OverallStatsDialog, UnitStatsDialog } from '../../components/stats';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useTRPC } from '../../lib/trpc';
import { reportContext, type LearnFile, type SharedContext } from './learn-data';
import { Notice } from '../../components/ui/notice';
import { PathSkeleton } from './learn-layout';
import { practiceLessonOf, useHearts } from './hearts-gate';
import { OutOfHeartsDialog } from './out-of-hearts-dialog';

/** Spec §4 "Progress colour" as the bar, the text and the node ring of a unit. */
const COLOUR: Record<ProgressColour, { bar: string; text: string }> = {
  green: { bar: 'bg-emerald-500', text: 'text-emerald-600 dark:text-emerald-400' },
  blue: { bar: 'bg-sky-500', text: 'text-sky-600 dark:text-sky-400' },
  amber: { bar: 'bg-amber-500', text: 'text-amber-600 dark:text-amber-400' },
  neutral: { bar: 'bg-muted-foreground/30', text: 'text-muted-foreground' },
};

/** The winding of the path: each lesson's sideways offset in px, repeating. */
const WIND = [0, 44, 72, 44, 0, -44, -72, -44];

export interface PathCallbacks {
  /** Opens the unit statistics dialog (src/client/components/stats); not offered at 0 %. */
  onOpenUnitStats?: (unitId: string) => void;
  /** Opens the overall statistics dialog. */
  onOpenOverallStats?: () => void;
  /** Opens the lesson statistics dialog of a completed lesson. */
  onOpenLessonStats?: (lessonId: string) => void;
  /**
   * The student has no hearts left (and hearts count): a lesson not yet completed opens the out-of-hearts dialog
   * right on the path instead of a player that could not start; completed ones open as practice.
   */
  outOfHearts?: boolean;
}

type OpenDialog = { kind: 'overall' } | { kind: 'unit' | 'lesson'; id: string; title: string } | null;

/**
 * The file's learn path (spec §2 Exams tab): units with their progress and lessons along a winding path, and the
 * statistics dialogs (overall, unit, lesson) opened from it.
 */
export default function LearnPathView({ file, context }: { file: LearnFile; context: SharedContext }) {
  // errors: the hearts gate reads a refusal's message key (hearts-gate.ts).
  const { t } = useTranslation(['learn', 'errors']);
  const trpc = useTRPC();
  const path = useQuery(trpc.learn.getPath.queryOptions({ fileId: file.id, ...context }));
  const hearts = useHearts();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  useKeepFinishedLessons(path.data, context);
  if (path.isPending) return <PathSkeleton />;
  if (path.isError) {
    return (
      <Notice icon={<AlertTriangle aria-hidden="true" className="size-9 text-destructive" />} title={t('path.loadFailed')} description={t('path.loadFailedHint')} testId="learn-load-failed">
        <Button className="mt-6" onClick={() => void path.refetch()}>
          <RotateCcw aria-hidden="true" />
          {t('path.retry')}
        </Button>
      </Notice>
    );
  }
  const titleOf = (id: string, kind: 'unit' | 'lesson') =>
    kind === 'unit'
      ? (path.data.units.find((unit) => unit.id === id)?.title ?? '')
      : (path.data.units.flatMap((unit) => unit.lessons).find((lesson) => lesson.id === id)?.title ?? '');
  const close = (open: boolean) => !open && setDialog(null);
  const flags = reportContext(context);
  return (
    <>
      <PathView
        path={path.data}
        fileName={file.name}
        context={context}
        outOfHearts={hearts.out}
        onOpenOverallStats={() => setDialog({ kind: 'overall' })}
        onOpenUnitStats={(id) => setDialog({ kind: 'unit', id, title: titleOf(id, 'unit') })}
        onOpenLessonStats={(id) => setDialog({ kind: 'lesson', id, title: titleOf(id, 'lesson') })}
      />
      <OverallStatsDialog open={dialog?.kind === 'overall'} onOpenChange={close} fileId={file.id} {...flags} />
      {dialog?.kind === 'unit' && <UnitStatsDialog open onOpenChange={close} unitId={dialog.id} unitTitle={dialog.title} {...flags} />}
      {dialog?.kind === 'lesson' && <LessonStatsDialog open onOpenChange={close} lessonId={dialog.id} lessonTitle={dialog.title} {...flags} />}
    </>
  );
}

export function PathView({
  path,
  fileName,
  context,
  onOpenUnitStats,
  onOpenOverallStats,
  onOpenLessonStats,
  outOfHearts = false,
}: { path: LearnPath; fileName: string; context: SharedContext } & PathCallbacks) {
  const { t } = useTranslation('learn');
  const [heartsDialog, setHeartsDialog] = useState(false);
  const onBlocked = outOfHearts ? () => setHeartsDialog(true) : undefined;
  const lessons = path.units.flatMap((unit) => unit.lessons);
  const completed = lessons.filter((lesson) => lesson.state === 'completed').length;
  if (path.units.length === 0) {
    return <Notice icon={<Route aria-hidden="true" className="size-9 text-muted-foreground" />} title={t('path.emptyTitle')} description={t('path.emptyHint')} testId="learn-empty" />;
  }
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 md:px-8 md:py-10" data-testid="learn-path">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-muted-foreground">{fileName}</p>
          <h1 className="mt-1 text-2xl font-extrabold tracking-tight md:text-3xl">{t('path.heading')}</h1>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="learn-overall-progress">
            {t('path.lessonsDone', { done: completed, total: lessons.length })}
            {path.canSkip && <span className="ml-2 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary-tint-foreground">{t('path.allOpen')}</span>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {completed > 0 && (
            // The mistakes of every finished lesson, weakest first (learn.getReview), played at /lesson/review.
            <Button asChild title={t('path.reviewHint')}>
              <Link to="/lesson/$" params={{ _splat: REVIEW_LESSON_ID }} search={context} data-testid="learn-review">
                <RotateCcw aria-hidden="true" />
                {t('path.review')}
              </Link>
            </Button>
          )}
          <Button variant="outline" onClick={() => onOpenOverallStats?.()} disabled={!onOpenOverallStats} data-testid="learn-overall-stats">
            <BarChart3 aria-hidden="true" />
            {t('path.overallStats')}
          </Button>
        </div>
      </header>
      <div className="mt-8 space-y-10">
        {path.units.map((unit, index) => (
          <UnitSection
            key={unit.id}
            unit={unit}
            number={index + 1}
            canSkip={path.canSkip}
            context={context}
            onOpenUnitStats={onOpenUnitStats}
            onOpenLessonStats={onOpenLessonStats}
            onBlocked={onBlocked}
          />
        ))}
      </div>
      <OutOfHeartsDialog open={heartsDialog} onLeave={() => setHeartsDialog(false)} practice={practiceLessonOf(path)} context={context} leaveLabel="close" />
    </div>
  );
}

function UnitSection({
  unit,
  number,
  canSkip,
  context,
  onOpenUnitStats,
  onOpenLessonStats,
  onBlocked,
}: {
  unit: PathUnit;
  number: number;
  canSkip: boolean;
  context: SharedContext;
  onOpenUnitStats?: (unitId: string) => void;
  onOpenLessonStats?: (lessonId: string) => void;
  onBlocked: (() => void) | undefined;
}) {
  const { t } = useTranslation('learn');
  const percent = Math.max(0, Math.min(100, Math.round(unit.completionPercentage)));
  const colour = progressColour(percent);
  const statsOpen = percent > 0 && !!onOpenUnitStats;
  const headingId = `unit-${unit.id}-title`;
  return (
    <section aria-labelledby={headingId} data-testid="learn-unit" data-progress-colour={colour}>
      <div className="rounded-2xl border border-border bg-card p-5 shadow-sm">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-bold tracking-wide text-primary uppercase">{t('unit.number', { number })}</p>
            <h2 id={headingId} className="mt-1 text-lg leading-snug font-bold">
              {unit.title}
            </h2>
            {unit.description && <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{unit.description}</p>}
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="shrink-0"
            onClick={() => onOpenUnitStats?.(unit.id)}
            disabled={!statsOpen}
            aria-label={t('unit.stats', { unit: unit.title })}
            title={percent > 0 ? t('unit.stats', { unit: unit.title }) : t('unit.statsLocked')}
            data-testid="learn-unit-stats"
          >
            <BarChart3 aria-hidden="true" />
          </Button>
        </div>
        <div className="mt-4 flex items-center gap-3">
          <div
            className="h-2.5 flex-1 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('unit.progress', { unit: unit.title })}
          >
            <div className={cn('h-full rounded-full transition-[width] duration-500', COLOUR[colour].bar)} style={{ width: `${percent}%` }} />
          </div>
          <span className={cn('w-11 text-right text-sm font-bold tabular-nums', COLOUR[colour].text)} data-testid="learn-unit-percent">
            {t('unit.percent', { percent })}
          </span>
        </div>
      </div>
      <ol className="mt-8 flex flex-col items-center gap-7" aria-label={t('unit.lessons', { unit: unit.title })}>
        {unit.lessons.map((lesson, index) => (
          <li key={lesson.id} className="flex flex-col items-center" style={{ transform: `translateX(${WIND[index % WIND.length]}px)` }}>
            <LessonNode lesson={lesson} number={index + 1} canSkip={canSkip} context={context} onOpenLessonStats={onOpenLessonStats} onBlocked={onBlocked} />
          </li>
        ))}
      </ol>
    </section>
  );
}

const nodeClass =
  'relative flex size-[4.25rem] items-center justify-center rounded-full border-b-[5px] transition-transform focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring/50 [&_svg]:size-7';

function LessonNode({
  lesson,
  number,
  canSkip,
  context,
  onOpenLessonStats,
  onBlocked,
}: {
  lesson: PathLesson;
  number: number;
  canSkip: boolean;
  context: SharedContext;
  onOpenLessonStats?: (lessonId: string) => void;
  /** Set when hearts are out: a lesson not completed then opens the dialog instead of the player. */
  onBlocked: (() => void) | undefined;
}) {
  const { t } = useTranslation('learn');
  const open = lesson.state !== 'locked' || canSkip;
  const blocked = lesson.state === 'completed' ? undefined : onBlocked;
  const label = t(`lesson.aria.${lesson.state}`, { number, title: lesson.title, count: lesson.stars });
  const icon = lesson.state === 'completed' ? <Check aria-hidden="true" strokeWidth={3} /> : lesson.state === 'current' ? <Star aria-hidden="true" className="fill-current" /> : open ? <Star aria-hidden="true" /> : <Lock aria-hidden="true" />;
  const look =
    lesson.state === 'completed'
      ? 'bg-primary text-primary-foreground border-black/20 hover:scale-105 active:translate-y-0.5 active:border-b-2'
      : lesson.state === 'current'
        ? 'bg-primary text-primary-foreground border-black/20 ring-[6px] ring-primary/25 hover:scale-105 active:translate-y-0.5 active:border-b-2'
        : open
          ? 'bg-card text-primary border border-b-[5px] border-primary/40 hover:scale-105'
          : 'bg-muted text-muted-foreground/70 border-black/10 dark:border-white/5 cursor-not-allowed';
  return (
    <>
      {lesson.state === 'current' && (
        <span className="relative mb-3 animate-bounce rounded-xl border border-border bg-card px-3 py-1.5 text-xs font-extrabold tracking-wide text-primary uppercase shadow-sm" data-testid="learn-start-bubble">
          {t('lesson.start')}
          <span aria-hidden="true" className="absolute -bottom-1.5 left-1/2 size-3 -translate-x-1/2 rotate-45 border-r border-b border-border bg-card" />
        </span>
      )}
      <div className="relative">
        {open ? (
          <Link
            to="/lesson/$"
            params={{ _splat: lesson.id }}
            search={context}
            // The lesson to play next is the likely tap: its page, texts and player load once it is in view (on a
            // phone there is no hover to read ahead on); the others on hover or touch, as every link.
            preload={lesson.state === 'current' ? 'viewport' : undefined}
            className={cn(nodeClass, look)}
            aria-label={label}
            data-testid="learn-lesson"
            data-state={lesson.state}
            onClick={
              blocked &&
              ((event) => {
                event.preventDefault();
                blocked();
              })
            }
          >
            {icon}
          </Link>
        ) : (
          <button type="button" disabled aria-label={label} className={cn(nodeClass, look)} data-testid="learn-lesson" data-state={lesson.state}>
            {icon}
          </button>
        )}
        {lesson.state === 'completed' && onOpenLessonStats && (
          <button
            type="button"
            onClick={() => onOpenLessonStats(lesson.id)}
            className="absolute -right-9 top-1/2 flex size-7 -translate-y-1/2 items-center justify-center rounded-full border border-border bg-card text-muted-foreground shadow-sm hover:text-foreground"
            aria-label={t('lesson.stats', { title: lesson.title })}
            title={t('lesson.stats', { title: lesson.title })}
            data-testid="learn-lesson-stats"
          >
            <BarChart3 aria-hidden="true" className="size-3.5" />
          </button>
        )}
      </div>
      {lesson.state === 'completed' && (
        <span className="mt-1.5 flex gap-0.5" aria-hidden="true" data-testid="learn-lesson-stars">
          {[1, 2, 3].map((slot) => (
            <Star key={slot} className={cn('size-4', slot <= lesson.stars ? 'fill-star text-star' : 'text-muted-foreground/40')} />
          ))}
        </span>
      )}
      <span className={cn('mt-1.5 max-w-[11rem] text-center text-xs leading-tight font-semibold', open ? 'text-foreground/80' : 'text-muted-foreground')}>{lesson.title}</span>
    </>
  );
}
