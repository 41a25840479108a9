import { useChat } from '@ai-sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { DefaultChatTransport } from 'ai';
import { AlertTriangle, ArrowUp, Copy, GraduationCap, Lightbulb, RotateCcw, Sparkles, Square } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/chat';
import { PLANS, type PlanSlug } from '../../../shared/plans';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useTRPC } from '../../lib/trpc';
import { openUpgradeModal } from '../../lib/upgrade-modal';
import { chatFailure, type ChatFailure } from './chat-errors';
import { ChatMarkdown } from './chat-markdown';
import { scopeInput, type ChatScope, type ChatUIMessage } from './chat-types';
import { CitationChip } from './citation-chip';
import { answerAsText } from './citations';

/** The text of a message (its text parts joined). */
const textOf = (message: ChatUIMessage) =>
  message.parts
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('');

/**
 * The conversation of one scope: its messages (loaded history, then what useChat streams from POST /api/chat), starter
 * questions while it is empty, and the composer — or, with the day's messages used up, the way to more.
 */
export default function Conversation({
  scope,
  context,
  initialMessages,
  suggestions,
  remaining,
}: {
  scope: ChatScope;
  context: { uuid?: string; id?: string };
  initialMessages: ChatUIMessage[];
  suggestions: string[];
  remaining: number | undefined;
}) {
  const { t } = useTranslation(['chat', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [input, setInput] = useState('');
  const [failure, setFailure] = useState<(ChatFailure & { question: string }) | null>(null);
  const [limitReached, setLimitReached] = useState(false);
  const lastQuestion = useRef('');
  const transport = useMemo(
    () =>
      new DefaultChatTransport<ChatUIMessage>({
        api: '/api/chat',
        credentials: 'same-origin',
        prepareSendMessagesRequest: ({ messages }) => {
          const last = messages.at(-1);
          return { body: { ...scopeInput(scope), ...context, message: last ? textOf(last) : '' } };
        },
      }),
    [scope, context],
  );
  const refreshUsage = () => {
    void queryClient.invalidateQueries(trpc.chat.usage.queryFilter());
    void queryClient.invalidateQueries(trpc.chat.history.queryFilter(scopeInput(scope)));
    // An answered question counts towards the messages quest (and its points): the header counters follow.
    void queryClient.invalidateQueries(trpc.gamification.getProgress.queryFilter());
  };
  const { messages, sendMessage, status, stop, setMessages } = useChat<ChatUIMessage>({
    messages: initialMessages,
    transport,
    onError: (error) => {
      const found = chatFailure(error, t);
      if (found.refused) {
        // Refused before anything was stored: the question leaves the list and goes back into the box.
        setMessages((current) => (current.at(-1)?.role === 'user' ? current.slice(0, -1) : current));
        setInput((current) => current || lastQuestion.current);
      }
      if (found.limitReached) setLimitReached(true);
      else setFailure({ ...found, question: lastQuestion.current });
      refreshUsage();
    },
    onFinish: ({ message, isAbort }) => {
      if (isAbort) {
        setMessages((current) =>
          current.map((entry) => (entry.id === message.id ? { ...entry, metadata: { ...entry.metadata, status: 'stopped' } } : entry)),
        );
      }
      refreshUsage();
    },
  });
  const busy = status === 'submitted' || status === 'streaming';
  const outOfMessages = limitReached || remaining === 0;

  const end = useRef<HTMLDivElement>(null);
  const lastText = messages.at(-1) ? textOf(messages.at(-1) as ChatUIMessage).length : 0;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end', behavior: 'smooth' });
  }, [messages.length, lastText, status]);

  const ask = (text: string) => {
    const question = text.trim();
    if (!question || busy || question.length > CHAT_MESSAGE_MAX_LENGTH) return;
    lastQuestion.current = question;
    setFailure(null);
    setInput('');
    void sendMessage({ text: question });
  };

  return (
    <div className="flex flex-1 flex-col">
      <div className="flex flex-1 flex-col gap-6 py-6" aria-live="polite" data-testid="chat-messages">
        {messages.length === 0 && !busy ? (
          <EmptyConversation scope={scope} suggestions={suggestions} onPick={ask} disabled={outOfMessages} />
        ) : (
          messages.map((message, index) =>
            message.role === 'user' ? (
              <UserMessage key={message.id} text={textOf(message)} />
            ) : (
              <AssistantMessage
                key={message.id}
                message={message}
                streaming={busy && index === messages.length - 1}
              />
            ),
          )
        )}
        {status === 'submitted' && <Thinking />}
        {failure && !busy && (
          <div role="alert" data-testid="chat-failure" className="flex flex-wrap items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm">
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-destructive" />
            <span className="flex-1">{failure.message}</span>
            {!failure.refused && failure.question && (
              <Button size="sm" variant="outline" onClick={() => ask(failure.question)}>
                <RotateCcw aria-hidden="true" />
                {t('retry')}
              </Button>
            )}
          </div>
        )}
        <div ref={end} />
      </div>

      <div className="sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-10 -mx-4 mt-auto bg-gradient-to-t from-background from-70% to-transparent px-4 pt-4 pb-3 md:bottom-0 md:-mx-6 md:px-6 md:pb-6">
        {outOfMessages ? (
          <LimitReached />
        ) : (
          <Composer scope={scope} value={input} onChange={setInput} onSubmit={() => ask(input)} busy={busy} onStop={() => void stop()} />
        )}
      </div>
    </div>
  );
}

function EmptyConversation({ scope, suggestions, onPick, disabled }: { scope: ChatScope; suggestions: string[]; onPick: (question: string) => void; disabled: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-2 py-6 text-center" data-testid="chat-empty">
      <span className="grid size-14 place-items-center rounded-2xl bg-primary/12 text-primary">
        <GraduationCap aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-4 text-lg font-bold tracking-tight text-balance">
        {t(scope.kind === 'file' ? 'empty.title' : 'empty.titleCourse', { name: scope.name })}
      </h2>
      <p className="mt-2 max-w-md text-sm text-muted-foreground text-balance">{t('empty.description')}</p>
      {suggestions.length > 0 && (
        <div className="mt-6 w-full max-w-xl">
          <p className="mb-2 flex items-center justify-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            <Lightbulb aria-hidden="true" className="size-3.5" />
            {t('empty.starters')}
          </p>
          <ul className="grid gap-2 sm:grid-cols-2">
            {suggestions.map((question) => (
              <li key={question}>
                <button
                  type="button"
                  disabled={disabled}
                  data-testid="chat-starter"
                  onClick={() => onPick(question)}
                  className="h-full w-full rounded-xl border border-border bg-card px-4 py-3 text-left text-sm font-medium shadow-xs transition-colors hover:border-primary/50 hover:bg-primary/5 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
                >
                  {question}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function UserMessage({ text }: { text: string }) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex justify-end" data-testid="chat-question">
      <p className="max-w-[85%] rounded-2xl rounded-br-md bg-primary px-4 py-2.5 text-[0.95rem] leading-relaxed whitespace-pre-wrap text-primary-foreground shadow-sm break-words">
        <span className="sr-only">{t('you')}: </span>
        {text}
      </p>
    </div>
  );
}

function AssistantMessage({ message, streaming }: { message: ChatUIMessage; streaming: boolean }) {
  const { t } = useTranslation('chat');
  const text = textOf(message);
  const citations = message.metadata?.citations ?? [];
  const status = streaming ? 'streaming' : message.metadata?.status;
  const copy = () =>
    navigator.clipboard.writeText(answerAsText(text)).then(
      () => toast.success(t('copied')),
      () => toast.error(t('copyFailed')),
    );
  return (
    <article className="flex gap-3" data-testid="chat-answer" data-status={status ?? 'complete'}>
      <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-full bg-primary/12 text-primary" aria-hidden="true">
        <Sparkles className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="sr-only">{t('tutor')}</h3>
        {text && <ChatMarkdown text={text} citations={citations} />}
        {streaming && <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse rounded-sm bg-primary/70" />}
        {status === 'failed' && (
          <p className="mt-2 flex items-center gap-1.5 text-sm text-destructive" data-testid="chat-answer-failed">
            <AlertTriangle aria-hidden="true" className="size-4" />
            {t(message.metadata?.errorKey ?? 'failure.answerFailed', { defaultValue: t('failure.answerFailed') })}
          </p>
        )}
        {citations.length > 0 && (
          <div className="mt-3">
            <h4 className="sr-only">{t('sources')}</h4>
            <ul className="flex flex-wrap gap-1.5" data-testid="chat-citations">
              {citations.map((citation, index) => (
                <li key={`${citation.fileId}-${citation.page}-${index}`} className="max-w-full">
                  <CitationChip number={index + 1} citation={citation} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {!streaming && (text || status === 'stopped') && (
          <div className="mt-2 flex items-center gap-2">
            {text && (
              <Button variant="ghost" size="sm" className="h-7 px-2 text-xs text-muted-foreground" onClick={() => void copy()} data-testid="chat-copy">
                <Copy aria-hidden="true" />
                {t('copy')}
              </Button>
            )}
            {status === 'stopped' && (
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground" data-testid="chat-stopped">
                {t('stopped')}
              </span>
            )}
          </div>
        )}
      </div>
    </article>
  );
}

function Thinking() {
  const { t } = useTranslation('chat');
  return (
    <div className="flex items-center gap-3" data-testid="chat-thinking">
      <span className="grid size-8 shrink-0 place-items-center rounded-full bg-primary/12 text-primary" aria-hidden="true">
        <Sparkles className="size-4" />
      </span>
      <span className="flex items-center gap-1" aria-hidden="true">
        {[0, 150, 300].map((delay) => (
          <span key={delay} className="size-1.5 animate-bounce rounded-full bg-muted-foreground/60" style={{ animationDelay: `${delay}ms` }} />
        ))}
      </span>
      <span className="text-sm text-muted-foreground">{t('thinking')}</span>
    </div>
  );
}

function Composer({
  scope,
  value,
  onChange,
  onSubmit,
  busy,
  onStop,
}: {
  scope: ChatScope;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  busy: boolean;
  onStop: () => void;
}) {
  const { t } = useTranslation('chat');
  const box = useRef<HTMLTextAreaElement>(null);
  const length = value.trim().length;
  const tooLong = length > CHAT_MESSAGE_MAX_LENGTH;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 200)}px`;
  }, [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSubmit();
    }
  };
  return (
    <form onSubmit={submit} data-testid="chat-composer">
      <div
        className={cn(
          'flex items-end gap-2 rounded-2xl border bg-card p-2 shadow-md transition-colors focus-within:border-primary/60 focus-within:ring-2 focus-within:ring-primary/15',
          tooLong ? 'border-destructive/60' : 'border-border',
        )}
      >
        <label htmlFor="chat-input" className="sr-only">
          {t('composer.label')}
        </label>
        <textarea
          id="chat-input"
          ref={box}
          rows={1}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t(scope.kind === 'file' ? 'composer.placeholder' : 'composer.placeholderCourse')}
          aria-invalid={tooLong}
          aria-describedby="chat-input-hint"
          data-testid="chat-input"
          className="max-h-[200px] min-h-10 flex-1 resize-none bg-transparent px-2 py-2 text-[0.95rem] leading-relaxed outline-none placeholder:text-muted-foreground"
        />
        {busy ? (
          <Button type="button" size="icon" variant="secondary" onClick={onStop} aria-label={t('composer.stop')} data-testid="chat-stop" className="size-10 shrink-0 rounded-xl">
            <Square aria-hidden="true" className="fill-current" />
          </Button>
        ) : (
          <Button type="submit" size="icon" disabled={length === 0 || tooLong} aria-label={t('composer.send')} data-testid="chat-send" className="size-10 shrink-0 rounded-xl border-b-0">
            <ArrowUp aria-hidden="true" />
          </Button>
        )}
      </div>
      <p id="chat-input-hint" className={cn('mt-1.5 px-2 text-xs', tooLong ? 'text-destructive' : 'text-muted-foreground')} data-testid="chat-input-hint">
        {tooLong ? t('composer.tooLong', { count: length, max: CHAT_MESSAGE_MAX_LENGTH }) : t('composer.hint')}
      </p>
    </form>
  );
}

function LimitReached() {
  const { t } = useTranslation(['chat', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const usage = queryClient.getQueryData(trpc.chat.usage.queryKey());
  return (
    <div role="status" data-testid="chat-limit" className="flex flex-col items-start gap-3 rounded-2xl border border-amber-500/30 bg-amber-500/10 p-4 sm:flex-row sm:items-center">
      <div className="flex-1">
        <p className="font-semibold">{t('limit.title')}</p>
        <p className="mt-0.5 text-sm text-muted-foreground" data-testid="chat-limit-message">
          {usage ? t('errors:chatDailyLimitReached', { limit: usage.limit, plan: PLANS[usage.plan as PlanSlug]?.name ?? usage.plan }) : t('limit.tomorrow')}
        </p>
      </div>
      <Button data-testid="chat-upgrade" onClick={() => openUpgradeModal('chatLimit')}>
        <Sparkles aria-hidden="true" />
        {t('limit.upgrade')}
      </Button>
    </div>
  );
}
