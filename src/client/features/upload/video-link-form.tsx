import { ChevronDown, CircleAlert, CircleCheck, LoaderCircle, Plus, Video } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanSlug } from '../../../shared/plans';
import { parseVideoLink } from '../../../shared/video-link';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';
import { refusalMessage } from './refusal-message';
import { UploadAlert } from './upload-alert';
import { postVideoLink, type CreatedFile, type UploadAnswer } from './upload-request';
import { offersUpgrade } from './upload-rules';
import { UploadedFileList } from './uploaded-file-list';
import { useRefreshCourses } from './use-file-upload';

/** A link long enough to be a whole one is judged as it is typed; a shorter one once the field is left. */
const LIVE_CHECK_LENGTH = 20;

type Outcome = Exclude<UploadAnswer, { kind: 'created' }> | null;

/**
 * A video link instead of a document (spec §5: a recognised video-link pattern with an 11-character id), checked as
 * it is typed with the same parser the server uses, with an optional pasted transcript for videos without captions.
 */
export function VideoLinkForm({ directoryId, uuid, planSlug }: { directoryId: string; uuid?: string; planSlug: PlanSlug | undefined }) {
  const { t } = useTranslation(['upload', 'errors']);
  const ids = { link: useId(), hint: useId(), transcript: useId() };
  const [link, setLink] = useState('');
  const [left, setLeft] = useState(false);
  const [transcriptOpen, setTranscriptOpen] = useState(false);
  const [transcript, setTranscript] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [added, setAdded] = useState<CreatedFile[]>([]);
  const refreshCourses = useRefreshCourses(uuid);

  const videoId = parseVideoLink(link);
  const judged = link.trim() !== '' && (left || link.trim().length >= LIVE_CHECK_LENGTH);
  const invalid = judged && videoId === null;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setLeft(true);
    if (!videoId || sending) return;
    setSending(true);
    setOutcome(null);
    const answer = await postVideoLink({ directoryId, uuid, videoUrl: link, transcript: transcriptOpen ? transcript : undefined });
    setSending(false);
    if (answer.kind !== 'created') {
      setOutcome(answer);
      return;
    }
    setAdded((list) => [...answer.files, ...list]);
    setLink('');
    setTranscript('');
    setLeft(false);
    await refreshCourses();
  };

  return (
    <section aria-labelledby="upload-video-heading" className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-4 shadow-xs md:p-6" data-testid="upload-video">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-rose-500/12 text-rose-600 dark:text-rose-400">
          <Video aria-hidden="true" className="size-5" />
        </span>
        <div className="flex flex-col gap-0.5">
          <h2 id="upload-video-heading" className="text-base font-bold">
            {t('video.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('video.description')}</p>
        </div>
      </div>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
        <Label htmlFor={ids.link}>{t('video.label')}</Label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <Input
              id={ids.link}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={link}
              placeholder={t('video.placeholder')}
              onChange={(event) => {
                setLink(event.target.value);
                setOutcome(null);
              }}
              onBlur={() => setLeft(true)}
              aria-invalid={invalid || undefined}
              aria-describedby={ids.hint}
              data-testid="upload-video-url"
            />
            <p
              id={ids.hint}
              className={cn(
                'flex items-start gap-1.5 text-xs',
                invalid ? 'font-medium text-destructive' : videoId ? 'text-emerald-700 dark:text-emerald-400' : 'text-muted-foreground',
              )}
              data-testid="upload-video-hint"
            >
              {invalid && <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />}
              {videoId && <CircleCheck aria-hidden="true" className="mt-px size-3.5 shrink-0" />}
              {invalid ? t('video.invalid') : videoId ? t('video.valid', { id: videoId }) : t('video.hint')}
            </p>
          </div>
          <Button type="submit" variant="secondary" className="shrink-0" disabled={!videoId || sending} data-testid="upload-video-submit">
            {sending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Plus aria-hidden="true" />}
            {sending ? t('video.sending') : t('video.submit')}
          </Button>
        </div>
        <div className="flex flex-col gap-2">
          <button
            type="button"
            onClick={() => setTranscriptOpen((open) => !open)}
            aria-expanded={transcriptOpen}
            aria-controls={ids.transcript}
            className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm font-semibold text-primary hover:underline"
            data-testid="upload-video-transcript-toggle"
          >
            <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', transcriptOpen && 'rotate-180')} />
            {t('video.transcriptToggle')}
          </button>
          {transcriptOpen && (
            <div id={ids.transcript} className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids.transcript}-field`} className="sr-only">
                {t('video.transcriptLabel')}
              </Label>
              <textarea
                id={`${ids.transcript}-field`}
                value={transcript}
                onChange={(event) => setTranscript(event.target.value)}
                rows={5}
                placeholder={t('video.transcriptPlaceholder')}
                className="w-full resize-y rounded-lg border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
                data-testid="upload-video-transcript"
              />
              <p className="text-xs text-muted-foreground">{t('video.transcriptHint')}</p>
            </div>
          )}
        </div>
        {outcome && <VideoOutcome outcome={outcome} planSlug={planSlug} onRetry={() => void submit()} />}
      </form>
      {added.length > 0 && <UploadedFileList created={added} video uuid={uuid} testId="upload-video-added" />}
    </section>
  );
}

function VideoOutcome({ outcome, planSlug, onRetry }: { outcome: NonNullable<Outcome>; planSlug: PlanSlug | undefined; onRetry: () => void }) {
  const { t } = useTranslation(['upload', 'errors']);
  if (outcome.kind === 'refused') {
    const tone = offersUpgrade({ status: outcome.status, messageKey: outcome.error.messageKey }, planSlug) ? 'limit' : 'refused';
    return <UploadAlert tone={tone} message={refusalMessage(outcome.error, t, t('alert.refusedFallback'))} testId="upload-video-error" />;
  }
  return <UploadAlert tone="offline" message={t('alert.failed')} onRetry={onRetry} testId="upload-video-error" />;
}
