import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, GraduationCap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/notice';
import { keptLesson, keptLessons } from '../../lib/offline/kept-lessons';
import { sessionQueryOptions } from '../../lib/session';
import { OfflineLessonRun } from './lesson-player';
import { PlayerSkeleton } from './player-skeleton';

/**
 * The offline page's lessons: the finished lessons kept on this device (features/learn/keep-lessons.ts), each
 * practised in the lesson player, judged on the device and sent once the connection is back.
 */
export function OfflineLessons({ onPlay }: { onPlay: (lessonId: string) => void }) {
  const { t } = useTranslation('learn');
  const userId = useQuery(sessionQueryOptions).data?.user.id;
  const kept = useQuery({
    queryKey: ['offline', 'kept-lessons', userId],
    queryFn: () => keptLessons(userId ?? ''),
    enabled: Boolean(userId),
    networkMode: 'always',
    staleTime: 0,
  });
  return (
    <section className="mt-10" aria-labelledby="offline-lessons-title" data-testid="offline-lessons">
      <h2 id="offline-lessons-title" className="text-lg font-bold tracking-tight">
        {t('offline.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('offline.description')}</p>
      {kept.isPending ? (
        <div className="mt-4 h-20 animate-pulse rounded-2xl bg-muted" aria-busy="true" />
      ) : kept.data && kept.data.length > 0 ? (
        <ul className="mt-4 flex flex-col gap-3">
          {kept.data.map(({ key, lessonId, replay }) => (
            <li key={key} className="flex items-center gap-3 rounded-2xl border border-border bg-card p-4" data-testid="offline-lesson">
              <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-muted text-muted-foreground">
                <GraduationCap className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{replay.lesson.title}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {replay.lesson.unitTitle} · {t('offline.challenges', { count: replay.challenges.length })}
                </p>
              </div>
              <Button variant="outline" onClick={() => onPlay(lessonId)} data-testid="offline-practise">
                {t('offline.practise')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 rounded-2xl border border-dashed border-border p-4 text-sm text-muted-foreground" data-testid="offline-lessons-empty">
          {t('offline.empty')}
        </p>
      )}
    </section>
  );
}

/** A kept lesson played offline, by id (/offline?lesson=…). */
export function OfflineLessonPlayer({ lessonId, onLeave }: { lessonId: string; onLeave: () => void }) {
  const { t } = useTranslation('learn');
  const userId = useQuery(sessionQueryOptions).data?.user.id;
  const kept = useQuery({
    queryKey: ['offline', 'kept-lesson', userId, lessonId],
    queryFn: async () => (await keptLesson(userId ?? '', lessonId)) ?? null,
    enabled: Boolean(userId),
    networkMode: 'always',
    staleTime: Infinity,
    gcTime: 0,
  });
  if (kept.isPending) return <PlayerSkeleton />;
  if (!kept.data) {
    return (
      <Notice icon={<GraduationCap aria-hidden="true" className="size-9 text-muted-foreground" />} title={t('offline.missingTitle')} description={t('offline.missing')} testId="offline-lesson-missing">
        <Button className="mt-6" variant="outline" onClick={onLeave}>
          <ArrowLeft aria-hidden="true" />
          {t('offline.back')}
        </Button>
      </Notice>
    );
  }
  return <OfflineLessonRun replay={kept.data.replay} context={kept.data.context} onLeave={onLeave} />;
}
