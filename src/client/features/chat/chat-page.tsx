import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, BookOpen, FileText, MessageCircle, RotateCcw, Trash2 } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PLANS, type PlanSlug } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import type { StudyFile } from '../../lib/use-study-file';
import { scopeInput, scopeKey, type ChatScope } from './chat-types';
import { lazyReadAhead } from '../../lib/read-ahead';

/** The conversation (useChat, the markdown renderer): its own chunk, read ahead with the page. */
const Conversation = lazyReadAhead(() => import('./conversation'));

type ScopeKind = ChatScope['kind'];

/**
 * The Chat tab (spec §1): the tutor answers questions about the open file or its whole course, grounded in
 * the documents. This frame holds the scope switch, today's remaining messages and clearing; the conversation itself
 * is loaded lazily.
 */
export function ChatPage({ file, context }: { file: StudyFile; context: { uuid?: string; id?: string } }) {
  const { t } = useTranslation(['chat', 'shell', 'errors']);
  const trpc = useTRPC();
  const [kind, setKind] = useState<ScopeKind>('file');
  // Clearing starts the conversation over: a new key remounts it with the emptied history.
  const [generation, setGeneration] = useState(0);
  const scope: ChatScope =
    kind === 'file' ? { kind: 'file', fileId: file.id, name: file.name } : { kind: 'course', directoryId: file.directory.id, name: file.directory.name };
  const title = t('shell:documentTitle', { page: t('chat:pageTitle') });
  useEffect(() => {
    document.title = title;
  }, [title]);

  const history = useQuery({ ...trpc.chat.history.queryOptions({ ...scopeInput(scope), ...context }), staleTime: 0 });
  const usage = useQuery(trpc.chat.usage.queryOptions());
  const suggestions = useQuery(trpc.chat.suggestions.queryOptions({ fileId: file.id, ...context }));

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 pt-5 md:px-6 md:pt-8" data-testid="chat-page">
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight">
            <span className="grid size-9 place-items-center rounded-xl bg-primary/12 text-primary">
              <MessageCircle aria-hidden="true" className="size-5" />
            </span>
            {t('heading')}
          </h1>
          <p className="mt-1.5 line-clamp-2 text-sm text-muted-foreground" data-testid="chat-subtitle">
            {t(`subtitle.${kind}`, { name: scope.name })}
          </p>
        </div>
        {usage.data && <RemainingBadge {...usage.data} />}
      </header>

      <div className="mt-4 flex items-center justify-between gap-3 border-b border-border pb-4">
        <ScopeSwitch value={kind} onChange={setKind} />
        <ClearChat scope={scope} context={context} disabled={!history.data || history.data.length === 0} onCleared={() => setGeneration((count) => count + 1)} />
      </div>

      {history.isPending ? (
        <ConversationSkeleton />
      ) : history.isError ? (
        <div className="my-10 flex flex-col items-center text-center" data-testid="chat-history-failed">
          <AlertTriangle aria-hidden="true" className="size-8 text-destructive" />
          <p className="mt-3 text-sm text-muted-foreground">{t('historyFailed')}</p>
          <Button className="mt-4" variant="outline" onClick={() => void history.refetch()}>
            <RotateCcw aria-hidden="true" />
            {t('historyRetry')}
          </Button>
        </div>
      ) : (
        <Suspense fallback={<ConversationSkeleton />}>
          <Conversation
            key={`${scopeKey(scope)}:${generation}`}
            scope={scope}
            context={context}
            initialMessages={history.data}
            suggestions={suggestions.data ?? []}
            remaining={usage.data?.remaining}
          />
        </Suspense>
      )}
    </div>
  );
}

function RemainingBadge({ remaining, limit, plan }: { remaining: number; limit: number; plan: string }) {
  const { t } = useTranslation(['chat', 'errors']);
  const planName = PLANS[plan as PlanSlug]?.name ?? plan;
  return (
    <Tooltip content={t('remainingTooltip', { plan: planName, limit })}>
      <span
        tabIndex={0}
        data-testid="chat-remaining"
        className={cn(
          'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          remaining === 0
            ? 'border-destructive/30 bg-destructive/10 text-destructive'
            : remaining <= 5
              ? 'border-amber-500/30 bg-amber-500/10 text-amber-700 dark:text-amber-300'
              : 'border-border bg-muted/60 text-muted-foreground',
        )}
      >
        <span aria-hidden="true" className={cn('size-1.5 rounded-full', remaining === 0 ? 'bg-destructive' : remaining <= 5 ? 'bg-amber-500' : 'bg-primary')} />
        {t('remaining', { count: remaining })}
      </span>
    </Tooltip>
  );
}

function ScopeSwitch({ value, onChange }: { value: ScopeKind; onChange: (kind: ScopeKind) => void }) {
  const { t } = useTranslation(['chat', 'errors']);
  const options: { kind: ScopeKind; icon: typeof FileText }[] = [
    { kind: 'file', icon: FileText },
    { kind: 'course', icon: BookOpen },
  ];
  return (
    <div role="radiogroup" aria-label={t('scope.label')} className="inline-flex rounded-xl border border-border bg-muted/50 p-1" data-testid="chat-scope">
      {options.map(({ kind, icon: Icon }) => (
        <button
          key={kind}
          type="button"
          role="radio"
          aria-checked={value === kind}
          data-testid={`chat-scope-${kind}`}
          onClick={() => onChange(kind)}
          className={cn(
            'inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            value === kind ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
          {t(`scope.${kind}`)}
        </button>
      ))}
    </div>
  );
}

function ClearChat({
  scope,
  context,
  disabled,
  onCleared,
}: {
  scope: ChatScope;
  context: { uuid?: string; id?: string };
  disabled: boolean;
  onCleared: () => void;
}) {
  const { t } = useTranslation(['chat', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const clear = useMutation(
    trpc.chat.clear.mutationOptions({
      onSuccess: (_result, input) => {
        queryClient.setQueryData(trpc.chat.history.queryKey(input), []);
        onCleared();
        toast.success(t('clear.done'));
      },
      onError: (error) => toast.error(errorMessage(error, t, t('clear.failed'))),
    }),
  );
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={disabled}
        data-testid="chat-clear"
        aria-label={t('clear.button')}
        className="text-muted-foreground"
      >
        <Trash2 aria-hidden="true" />
        <span className="hidden sm:inline">{t('clear.button')}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        severity="medium"
        title={t('clear.title')}
        description={t('clear.description')}
        confirmLabel={t('clear.confirm')}
        onConfirm={() => clear.mutateAsync({ ...scopeInput(scope), ...context })}
      />
    </>
  );
}

function ConversationSkeleton() {
  return (
    <div className="flex flex-col gap-5 py-8" data-testid="chat-loading" aria-busy="true">
      <Skeleton className="ml-auto h-10 w-2/5 rounded-2xl" />
      <div className="flex gap-3">
        <Skeleton className="size-8 shrink-0 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/5" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      </div>
      <Skeleton className="mt-auto h-14 w-full rounded-2xl" />
    </div>
  );
}
