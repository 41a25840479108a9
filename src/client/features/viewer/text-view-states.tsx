import { AlertTriangle, FileSearch, LoaderCircle, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { fileFailureReason } from '../../lib/file-failure';
import { DownloadButton, ViewerContent, ViewerMessage } from './viewer-layout';
import { isExtracting, type ViewerFile } from './viewer-kind';

/**
 * The states the views of a file's text share (the text pages of a pptx, doc, docx or txt, and a Markdown note): the
 * file still being read or failed, its text loading, failing to load, or empty.
 */

/** The file's own state while it is still being read, or why it failed; its view (`children`) once it is ready. */
export function FileReadingGate({ file, children }: { file: ViewerFile; children: ReactNode }) {
  const { t } = useTranslation(['viewer', 'ingest']);
  if (isExtracting(file.status)) {
    return (
      <ViewerMessage icon={LoaderCircle} busy title={t(file.status === 'queued' ? 'text.queued' : 'text.extracting')} testId="viewer-not-ready">
        {t('text.notReadyHint')}
      </ViewerMessage>
    );
  }
  if (file.status === 'failed') {
    const reason = fileFailureReason(file, t);
    return (
      <ViewerMessage
        icon={AlertTriangle}
        tone="error"
        title={t('text.failed')}
        testId="viewer-failed"
        actions={file.stored && <DownloadButton file={file} />}
      >
        {reason && <p className="font-medium text-foreground">{reason}</p>}
        <p>{t('text.failedHint')}</p>
      </ViewerMessage>
    );
  }
  return children;
}

/** Cards of grey lines while the text is on its way. */
export function TextLoading() {
  return (
    <ViewerContent>
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6" data-testid="viewer-text-loading">
        {[0, 1].map((index) => (
          <div key={index} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-6">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-4/5" />
          </div>
        ))}
      </div>
    </ViewerContent>
  );
}

/** The text could not be fetched: say so, with Retry. */
export function TextLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('viewer');
  return (
    <ViewerMessage
      icon={AlertTriangle}
      tone="error"
      title={t('text.loadFailed')}
      testId="viewer-text-error"
      actions={
        <Button size="sm" onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          {t('retry')}
        </Button>
      }
    >
      {t('loadFailedHint')}
    </ViewerMessage>
  );
}

/** A file without any text to show. */
export function TextEmpty({ file }: { file: ViewerFile }) {
  const { t } = useTranslation('viewer');
  return (
    <ViewerMessage icon={FileSearch} title={t('text.empty')} testId="viewer-text-empty" actions={file.stored && <DownloadButton file={file} />}>
      {t('text.emptyHint')}
    </ViewerMessage>
  );
}
