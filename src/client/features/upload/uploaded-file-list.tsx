import { CircleAlert, CircleCheck, LoaderCircle, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UnreadablePagesNote, useReadingPageText } from '../../components/file-reading';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { fileFailureReason } from '../../lib/file-failure';
import { ocrProgressOf } from '../../lib/ocr';
import { FileKindIcon } from './file-kind-icon';
import { ProgressBar } from './progress-bar';
import type { CreatedFile } from './upload-request';
import { isProcessing, useRetryProcessing } from '../../lib/file-processing';
import { useLiveFiles, type LiveState } from './use-live-files';

/**
 * Files the server has accepted, each with its live state: "Uploaded — reading…" while queued or extracting ("Reading
 * page 3 of 12…" with a bar while OCR reads a scan or a photo), then ready with its pages (and the pages that could not
 * be read, if any), or failed with the reason and Retry. `created` is what the upload answered; the list polls.
 * In a shared course (`uuid`) reading a file again is its owner's to do: an editor sees no Retry.
 */
export function UploadedFileList({ created, video = false, uuid, testId }: { created: CreatedFile[]; video?: boolean; uuid?: string; testId: string }) {
  const { t } = useTranslation('upload');
  const live = useLiveFiles(
    created.map((file) => file.id),
    uuid,
  );
  const { retry, retryingId } = useRetryProcessing();
  const byId = new Map((live.data ?? []).map((state) => [state.id, state]));
  return (
    <ul aria-label={t('uploaded.label')} className="flex flex-col gap-2" data-testid={testId}>
      {created.map((file) => (
        <UploadedFileRow
          key={file.id}
          file={{ ...file, ...byId.get(file.id) }}
          video={video}
          canRetry={!video && uuid === undefined}
          retrying={retryingId === file.id}
          onRetry={() => retry(file.id)}
        />
      ))}
    </ul>
  );
}

function UploadedFileRow({
  file,
  video,
  canRetry,
  retrying,
  onRetry,
}: {
  file: FileState;
  video: boolean;
  canRetry: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('upload');
  const readingPageText = useReadingPageText();
  const processing = isProcessing(file.status);
  const failed = file.status === 'failed';
  const progress = ocrProgressOf(file);
  return (
    <li
      data-testid="uploaded-file"
      data-status={file.status}
      className={cn(
        // On a phone the Retry button goes under the reason, which keeps the row's width.
        'grid grid-cols-[2.5rem_minmax(0,1fr)] items-start gap-x-3 gap-y-2 rounded-xl border bg-background px-3 py-2.5 sm:grid-cols-[2.5rem_minmax(0,1fr)_auto]',
        failed ? 'border-destructive/40 bg-destructive/5' : 'border-border',
      )}
    >
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-lg',
          failed ? 'bg-destructive/12 text-destructive' : 'bg-primary/10 text-primary',
        )}
      >
        <FileKindIcon extension={file.extension} video={video} className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1 self-center">
        <span className="truncate text-sm font-semibold">{file.name}</span>
        <span aria-live="polite" className="text-xs" data-testid="uploaded-file-status">
          {processing ? (
            <span className="inline-flex items-center gap-1.5 font-medium text-sky-700 dark:text-sky-400">
              <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
              {progress ? <span data-testid="uploaded-file-progress">{readingPageText(progress)}</span> : t('status.reading')}
            </span>
          ) : failed ? (
            <FailedStatus file={file} />
          ) : (
            <span className="inline-flex items-center gap-1.5 font-medium text-emerald-700 dark:text-emerald-400">
              <CircleCheck aria-hidden="true" className="size-3.5" />
              {pageCountOf(file) === null ? t('status.ready') : t('status.readyPages', { count: pageCountOf(file) ?? 0 })}
            </span>
          )}
        </span>
        {progress && <ProgressBar value={progress.done / progress.total} label={t('status.readingProgress', { name: file.name })} className="mt-0.5 h-1" />}
        {file.status === 'ready' && <UnreadablePagesNote pages={file.unreadablePages} />}
      </div>
      {/* A video's text comes only from a pasted transcript: nothing stored to read again. */}
      {failed && canRetry && (
        <Button
          variant="outline"
          size="sm"
          className="col-start-2 w-fit sm:col-start-3 sm:row-start-1 sm:self-center"
          onClick={onRetry} disabled={retrying} data-testid="uploaded-file-retry">
          <RotateCw aria-hidden="true" className={cn(retrying && 'animate-spin')} />
          {t('status.retry')}
        </Button>
      )}
    </li>
  );
}

function FailedStatus({ file }: { file: FileState }) {
  const { t } = useTranslation(['upload', 'ingest']);
  const reason = fileFailureReason(file, t);
  return (
    <span className="inline-flex items-start gap-1.5 font-medium text-destructive">
      <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>
        <span className="font-semibold">{t('status.failed')}</span>
        {reason && <span data-testid="uploaded-file-reason"> — {reason}</span>}
      </span>
    </span>
  );
}

/** What the upload answered, with the live state once it is known. */
type FileState = CreatedFile & Partial<LiveState>;

function pageCountOf(file: FileState): number | null {
  return file.pageCount ?? null;
}
