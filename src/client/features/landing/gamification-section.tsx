import { Flame, Heart, Snowflake, Store, Target, Trophy, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MAX_HEARTS, PLANS } from '../../../shared/plans';
import { cn } from '../../lib/cn';
import { LandingSection } from './landing-section';

const FEATURES: { key: string; Icon: LucideIcon; tone: string }[] = [
  { key: 'streak', Icon: Flame, tone: 'bg-orange-100 text-orange-700 dark:bg-orange-950 dark:text-orange-300' },
  { key: 'xp', Icon: Zap, tone: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-300' },
  { key: 'hearts', Icon: Heart, tone: 'bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300' },
  { key: 'quests', Icon: Target, tone: 'bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300' },
  { key: 'leaderboard', Icon: Trophy, tone: 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300' },
  { key: 'shop', Icon: Store, tone: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300' },
];

export function GamificationSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection
      id="motivation"
      eyebrow={t('motivation.eyebrow')}
      title={t('motivation.title')}
      lead={t('motivation.lead')}
      className="bg-muted/60 dark:bg-muted/30"
    >
      <div className="mt-14 grid items-start gap-10 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)]">
        <ul className="grid gap-4 sm:grid-cols-2">
          {FEATURES.map(({ key, Icon, tone }) => (
            <li key={key} className="flex gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm sm:block">
              <span className={cn('grid size-11 shrink-0 place-items-center rounded-xl', tone)}>
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-bold sm:mt-4">{t(`motivation.items.${key}.title`)}</h3>
                <p className="mt-1.5 text-sm text-pretty text-muted-foreground">
                  {t(`motivation.items.${key}.description`, { hearts: MAX_HEARTS })}
                </p>
              </div>
            </li>
          ))}
        </ul>
        <TodayCard />
      </div>
    </LandingSection>
  );
}

/** A day on StudyPath: streak week and the daily quests, with the Free plan's real quest targets. */
function TodayCard() {
  const { t } = useTranslation('landing');
  const targets = PLANS.free.activityTargets;
  const quests = [
    { key: 'challenges', done: targets.challenges, target: targets.challenges },
    { key: 'flashcards', done: 6, target: targets.flashcards },
    { key: 'messages', done: 3, target: targets.messages },
  ];
  const week = t('motivation.today.weekdays', { returnObjects: true }) as string[];
  return (
    <div aria-hidden="true" className="rounded-3xl border border-border bg-card p-6 shadow-xl shadow-black/5 lg:sticky lg:top-24">
      <div className="flex items-center gap-4">
        <span className="grid size-14 place-items-center rounded-2xl bg-orange-100 text-orange-600 dark:bg-orange-950 dark:text-orange-300">
          <Flame className="size-8" fill="currentColor" />
        </span>
        <div>
          <p className="text-2xl font-extrabold">{t('motivation.today.streak', { count: 12 })}</p>
          <p className="text-sm text-muted-foreground">{t('motivation.today.streakHint')}</p>
        </div>
      </div>
      <ol className="mt-5 grid grid-cols-7 gap-1.5 text-center text-xs font-semibold text-muted-foreground">
        {week.map((day, index) => (
          <li key={day} className="grid gap-1.5">
            {day}
            <span
              className={cn(
                'mx-auto grid size-8 place-items-center rounded-full',
                index < 5 ? 'bg-orange-500 text-white' : 'bg-muted',
                index === 5 && 'bg-sky-100 text-sky-600 dark:bg-sky-950 dark:text-sky-300',
              )}
            >
              {index < 5 ? <Flame className="size-4" fill="currentColor" /> : null}
              {index === 5 ? <Snowflake className="size-4" /> : null}
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-6 border-t border-border pt-5">
        <p className="text-sm font-bold">{t('motivation.today.questsTitle')}</p>
        <ul className="mt-3 grid gap-3">
          {quests.map(({ key, done, target }) => (
            <li key={key} className="grid gap-1.5">
              <span className="flex justify-between text-sm">
                {t(`motivation.today.quests.${key}`, { count: target })}
                <span className="font-semibold text-muted-foreground">{`${done}/${target}`}</span>
              </span>
              <span className="h-2.5 overflow-hidden rounded-full bg-muted">
                <span className="block h-full rounded-full bg-points" style={{ width: `${(done / target) * 100}%` }} />
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
