import type { TFunction } from 'i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Heart, Infinity as InfinityIcon, Loader2, Snowflake, Store, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { HEART_REFILL_COST, MAX_STREAK_FREEZES, STREAK_FREEZE_COST, type Progress, type PurchaseResult } from '../../../shared/gamification';
import { MAX_HEARTS } from '../../../shared/lesson-rules';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { pointsShort } from './gamification-format';
import { Card, GamificationPage, LoadFailed, TONE_CHIP, type Tone } from './gamification-layout';

/** Why an item cannot be bought now, in words; null when it can. */
export function refillBlocked(progress: Pick<Progress, 'points' | 'hearts'>, t: TFunction): string | null {
  if (progress.hearts >= MAX_HEARTS) return t('shop.heartsFull');
  const short = pointsShort(progress.points, HEART_REFILL_COST);
  return short > 0 ? t('shop.needMore', { count: short }) : null;
}

export function freezeBlocked(progress: Pick<Progress, 'points' | 'streakFreezes'>, t: TFunction): string | null {
  if (progress.streakFreezes >= MAX_STREAK_FREEZES) return t('shop.freezesFull', { count: MAX_STREAK_FREEZES });
  const short = pointsShort(progress.points, STREAK_FREEZE_COST);
  return short > 0 ? t('shop.needMore', { count: short }) : null;
}

/** /shop: the points balance, a heart refill (or the plan's unlimited hearts) and streak freezes. */
export function ShopPage() {
  const { t, i18n } = useTranslation(['gamification', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const progress = useQuery(trpc.gamification.getProgress.queryOptions());
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);

  // The header's counters read the same query: the result goes in at once, then the server's full progress follows.
  const applyPurchase = (result: PurchaseResult) => {
    queryClient.setQueryData(trpc.gamification.getProgress.queryKey(), (current) =>
      current ? { ...current, points: result.points, hearts: result.hearts, streakFreezes: result.streakFreezes } : current,
    );
    void queryClient.invalidateQueries(trpc.gamification.getProgress.queryFilter());
    void queryClient.invalidateQueries(trpc.gamification.getStreak.pathFilter());
  };
  const refill = useMutation(
    trpc.shop.refillHearts.mutationOptions({
      onSuccess: (result) => {
        applyPurchase(result);
        toast.success(t('shop.refilled'));
      },
      onError: (failure) => {
        toast.error(errorMessage(failure, t, t('shop.failed')));
        void queryClient.invalidateQueries(trpc.gamification.getProgress.queryFilter());
      },
    }),
  );
  const freeze = useMutation(
    trpc.shop.buyStreakFreeze.mutationOptions({
      onSuccess: (result) => {
        applyPurchase(result);
        toast.success(t('shop.freezeBought'));
      },
      onError: (failure) => {
        toast.error(errorMessage(failure, t, t('shop.failed')));
        void queryClient.invalidateQueries(trpc.gamification.getProgress.queryFilter());
      },
    }),
  );

  const data = progress.data;
  return (
    <GamificationPage testId="shop-page" icon={Store} tone="heart" title={t('shop.title')} description={t('shop.description')} busy={progress.isPending}>
      {progress.isPending ? (
        <>
          <Skeleton className="h-28 rounded-2xl" />
          <div className="grid gap-5 md:grid-cols-2">
            <Skeleton className="h-72 rounded-2xl" />
            <Skeleton className="h-72 rounded-2xl" />
          </div>
        </>
      ) : !data ? (
        <LoadFailed testId="shop-load-failed" onRetry={() => void progress.refetch()} />
      ) : (
        <>
          <Card className="flex items-center gap-4 border-points/40 bg-gradient-to-br from-points/12 via-card to-card" data-testid="shop-balance">
            <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-points/20 text-amber-600 dark:text-points">
              <Zap className="size-7 fill-current" />
            </span>
            <div>
              <p className="text-sm font-semibold text-muted-foreground">{t('shop.balance')}</p>
              <p className="text-3xl font-black tabular-nums" data-testid="shop-points" data-value={data.points}>
                {t('shop.points', { count: data.points, value: number.format(data.points) })}
              </p>
            </div>
          </Card>
          <div className="grid gap-5 md:grid-cols-2">
            {data.unlimitedHearts ? (
              <ShopItem
                testId="shop-unlimited-hearts"
                tone="heart"
                icon={<InfinityIcon className="size-7" />}
                title={t('shop.unlimited.title')}
                description={t('shop.unlimited.description')}
                status={t('shop.unlimited.status')}
              />
            ) : (
              <ShopItem
                testId="shop-refill"
                tone="heart"
                icon={<Heart className="size-7 fill-current" />}
                title={t('shop.refill.title')}
                description={t('shop.refill.description', { max: MAX_HEARTS })}
                status={
                  <>
                    <HeartRow hearts={data.hearts} />
                    <span data-testid="shop-hearts">{t('shop.refill.status', { count: data.hearts, max: MAX_HEARTS })}</span>
                  </>
                }
                cost={HEART_REFILL_COST}
                action={t('shop.refill.action')}
                blocked={refillBlocked(data, t)}
                pending={refill.isPending}
                onBuy={() => refill.mutate({ requestId: crypto.randomUUID() })}
              />
            )}
            <ShopItem
              testId="shop-freeze"
              tone="freeze"
              icon={<Snowflake className="size-7" />}
              title={t('shop.freeze.title')}
              description={t('shop.freeze.description')}
              status={<span data-testid="shop-freezes">{t('shop.freeze.status', { count: data.streakFreezes, max: MAX_STREAK_FREEZES })}</span>}
              cost={STREAK_FREEZE_COST}
              action={t('shop.freeze.action')}
              blocked={freezeBlocked(data, t)}
              pending={freeze.isPending}
              onBuy={() => freeze.mutate({ requestId: crypto.randomUUID() })}
            />
          </div>
          <p className="text-center text-sm text-muted-foreground">{t('shop.earnHint')}</p>
        </>
      )}
    </GamificationPage>
  );
}

function HeartRow({ hearts }: { hearts: number }) {
  return (
    <span aria-hidden="true" className="flex gap-0.5">
      {Array.from({ length: MAX_HEARTS }, (_, index) => (
        <Heart key={index} className={cn('size-4', index < hearts ? 'fill-heart text-heart' : 'text-muted-foreground/40')} />
      ))}
    </span>
  );
}

function ShopItem({
  testId,
  tone,
  icon,
  title,
  description,
  status,
  cost,
  action,
  blocked = null,
  pending = false,
  onBuy,
}: {
  testId: string;
  tone: Tone;
  icon: ReactNode;
  title: string;
  description: string;
  status: ReactNode;
  cost?: number;
  action?: string;
  blocked?: string | null;
  pending?: boolean;
  onBuy?: () => void;
}) {
  const { t, i18n } = useTranslation('gamification');
  const reasonId = `${testId}-reason`;
  return (
    <Card data-testid={testId} className="flex flex-col">
      <div className="flex items-start gap-4">
        <span aria-hidden="true" className={cn('flex size-14 shrink-0 items-center justify-center rounded-2xl', TONE_CHIP[tone])}>
          {icon}
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-extrabold tracking-tight">{title}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      <p className="mt-4 flex items-center gap-2 text-sm font-bold">{status}</p>
      {onBuy && cost !== undefined && action && (
        <div className="mt-auto pt-5">
          <Button
            className="w-full"
            size="lg"
            variant={blocked ? 'secondary' : 'primary'}
            disabled={Boolean(blocked) || pending}
            aria-describedby={blocked ? reasonId : undefined}
            onClick={onBuy}
            data-testid={`${testId}-buy`}
          >
            {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
            {action}
            <span className="ml-1 inline-flex items-center gap-0.5 rounded-md bg-black/10 px-1.5 py-0.5 tabular-nums dark:bg-white/10">
              <Zap aria-hidden="true" className="size-3.5 fill-current" />
              {new Intl.NumberFormat(i18n.resolvedLanguage).format(cost)}
              <span className="sr-only">{t('shop.costLabel', { count: cost })}</span>
            </span>
          </Button>
          <p id={reasonId} className={cn('mt-2 min-h-5 text-center text-sm font-medium', blocked ? 'text-muted-foreground' : 'invisible')} data-testid={blocked ? `${testId}-reason` : undefined}>
            {blocked ?? '\u00a0'}
          </p>
        </div>
      )}
    </Card>
  );
}
