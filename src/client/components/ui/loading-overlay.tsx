import { LoaderCircle, X } from 'lucide-react';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { Button } from './button';
import {
  closeLoadingOverlay,
  LOADING_OVERLAY_TIMEOUT_MS,
  useLoadingOverlayState,
  type LoadingOverlayState,
  type LoadingOverlayType,
} from './loading-overlay-store';
import { Skeleton } from './skeleton';

/**
 * The skeleton overlay of spec §2 "Loading". It covers its positioned parent (the page area, so the sidebar stays
 * usable). Escape closes it at any time; the close button appears only after 5 s, so a quick load is not interrupted
 * by a control that vanishes a moment later.
 */
export function LoadingOverlay({ className }: { className?: string }) {
  const state = useLoadingOverlayState();
  if (!state) return null;
  // A new opening starts its timers afresh.
  return <OpenLoadingOverlay key={state.id} state={state} className={className} />;
}

function OpenLoadingOverlay({ state, className }: { state: LoadingOverlayState; className?: string }) {
  const { t } = useTranslation();
  const [closable, setClosable] = useState(false);
  const close = useCallback(() => closeLoadingOverlay(state.id), [state.id]);

  useEffect(() => {
    const timers = [setTimeout(() => setClosable(true), LOADING_OVERLAY_TIMEOUT_MS)];
    if (state.autoCloseMs !== null) timers.push(setTimeout(close, state.autoCloseMs));
    return () => timers.forEach(clearTimeout);
  }, [close, state.autoCloseMs]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [close]);

  const SkeletonLook = SKELETONS[state.type];
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
      data-type={state.type}
      className={cn('absolute inset-0 z-30 overflow-hidden bg-background', className)}
    >
      <div className="pointer-events-none absolute top-4 left-1/2 z-10 flex -translate-x-1/2 items-center gap-2 rounded-full border border-border bg-card px-3 py-1.5 text-xs font-medium text-muted-foreground shadow-sm">
        <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin text-primary" />
        {t(`loadingOverlay.${state.type}`)}
      </div>
      {closable && (
        <Button variant="outline" size="icon" onClick={close} aria-label={t('close')} className="absolute top-3 right-3 z-10 bg-card">
          <X aria-hidden="true" />
        </Button>
      )}
      <SkeletonLook />
    </div>
  );
}

function SummarySkeleton() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-6 pt-16 pb-8">
      <div className="flex flex-col gap-3">
        <Skeleton className="h-8 w-2/3" />
        <div className="flex gap-2">
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-5 w-24 rounded-full" />
        </div>
      </div>
      {[0, 1, 2].map((section) => (
        <div key={section} className="flex flex-col gap-2.5">
          <Skeleton className="mb-1 h-5 w-1/3" />
          <Skeleton className="h-3.5 w-full" />
          <Skeleton className="h-3.5 w-11/12" />
          <Skeleton className="h-3.5 w-5/6" />
          <Skeleton className="h-3.5 w-3/5" />
        </div>
      ))}
    </div>
  );
}

/** Branch positions in percent of the area, around a centred root node. */
const MINDMAP_BRANCHES = [
  { x: 20, y: 22 },
  { x: 80, y: 20 },
  { x: 14, y: 52 },
  { x: 86, y: 54 },
  { x: 27, y: 82 },
  { x: 73, y: 84 },
] as const;

function MindmapSkeleton() {
  return (
    <div className="relative h-full min-h-96 w-full">
      <svg aria-hidden="true" viewBox="0 0 100 100" preserveAspectRatio="none" className="absolute inset-0 size-full text-border">
        {MINDMAP_BRANCHES.map(({ x, y }) => (
          <line key={`${x}-${y}`} x1="50" y1="50" x2={x} y2={y} stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
        ))}
      </svg>
      {/* Nodes sit on the page colour so the pulsing (translucent) skeletons do not show the lines through them. */}
      <div className="absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-background">
        <Skeleton className="h-14 w-44 rounded-2xl bg-primary/20" />
      </div>
      {MINDMAP_BRANCHES.map(({ x, y }) => (
        <div
          key={`${x}-${y}`}
          className="absolute -translate-x-1/2 -translate-y-1/2 rounded-xl bg-background"
          style={{ left: `${x}%`, top: `${y}%` }}
        >
          <Skeleton className="h-10 w-28 rounded-xl" />
        </div>
      ))}
    </div>
  );
}

function ChatSkeleton() {
  return (
    <div className="mx-auto flex h-full max-w-3xl flex-col gap-6 px-6 pt-16 pb-6">
      <div className="flex items-start gap-3">
        <Skeleton className="size-8 shrink-0 rounded-full" />
        <Skeleton className="h-16 w-3/5 rounded-2xl rounded-tl-sm" />
      </div>
      <div className="flex justify-end">
        <Skeleton className="h-10 w-2/5 rounded-2xl rounded-tr-sm bg-primary/15" />
      </div>
      <div className="flex items-start gap-3">
        <Skeleton className="size-8 shrink-0 rounded-full" />
        <Skeleton className="h-24 w-4/6 rounded-2xl rounded-tl-sm" />
      </div>
      <div className="flex justify-end">
        <Skeleton className="h-10 w-1/3 rounded-2xl rounded-tr-sm bg-primary/15" />
      </div>
      <Skeleton className="mt-auto h-12 w-full rounded-full" />
    </div>
  );
}

function DefaultSkeleton() {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-6 pt-16 pb-8">
      <div className="flex flex-col gap-3">
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((card) => (
          <Skeleton key={card} className="h-32 rounded-xl" />
        ))}
      </div>
      <div className="flex flex-col gap-3">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-12 rounded-lg" />
        ))}
      </div>
    </div>
  );
}

const SKELETONS: Record<LoadingOverlayType, ComponentType> = {
  summary: SummarySkeleton,
  mindmap: MindmapSkeleton,
  chat: ChatSkeleton,
  default: DefaultSkeleton,
};
