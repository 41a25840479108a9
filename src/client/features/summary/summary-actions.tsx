import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, Printer, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Tooltip } from '../../components/ui/tooltip';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { copyText } from '../../lib/clipboard';
import { printDocument } from './browser-actions';

/**
 * What a student does with a summary: copy it as Markdown, print it or save it as a PDF (the browser's print dialog,
 * with the print stylesheet showing only the summary), or have it made again after a confirmation.
 */
export function SummaryActions({
  fileId,
  fileName,
  markdown,
  printTitle,
  canRegenerate = true,
  onRegenerated,
}: {
  fileId: string;
  fileName: string;
  markdown: string;
  /** The document title while printing: browsers name the saved PDF after it. */
  printTitle: string;
  /** Whether Regenerate is offered (not to members of a shared course). */
  canRegenerate?: boolean;
  /** Called once a new summary is on its way: the stored one is stale from then on. */
  onRegenerated: () => void;
}) {
  const { t } = useTranslation(['summary', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const regenerate = useMutation(
    trpc.file.regenerateArtefact.mutationOptions({
      onSuccess: () => {
        toast.success(t('actions.regenerating'));
        onRegenerated();
        // The tab shows the summary being made at once, and the frame polls from there until the new one is ready —
        // even when the engine is done before a refetch could have told: the old summary never stays on screen.
        queryClient.setQueryData(trpc.file.getProcessingStatus.queryKey({ fileId }), (status) =>
          status && { ...status, artefacts: { ...status.artefacts, summary: { status: 'queued' as const, error: null, errorKey: null, errorParams: null } } },
        );
      },
      onError: (failure) => toast.error(errorMessage(failure, t, t('actions.regenerateFailed'))),
    }),
  );

  async function copy() {
    try {
      await copyText(markdown);
      toast.success(t('actions.copied'));
    } catch {
      toast.error(t('actions.copyFailed'));
    }
  }

  return (
    <div role="toolbar" aria-label={t('actions.label')} className="flex flex-wrap items-center gap-2 print:hidden">
      <Tooltip content={t('actions.copyHint')}>
        <Button variant="outline" size="sm" onClick={() => void copy()} data-testid="summary-copy">
          <Copy aria-hidden="true" />
          {t('actions.copy')}
        </Button>
      </Tooltip>
      <Button variant="outline" size="sm" onClick={() => printDocument(printTitle)} aria-label={t('actions.print')} data-testid="summary-print">
        <Printer aria-hidden="true" />
        <span className="hidden sm:inline">{t('actions.print')}</span>
        <span className="sm:hidden">{t('actions.printShort')}</span>
      </Button>
      {canRegenerate && (
        <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} data-testid="summary-regenerate">
          <RefreshCw aria-hidden="true" />
          {t('actions.regenerate')}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        severity="medium"
        title={t('actions.regenerateTitle')}
        description={t('actions.regenerateDescription', { name: fileName })}
        confirmLabel={t('actions.regenerateConfirm')}
        onConfirm={() => regenerate.mutateAsync({ fileId, artefact: 'summary' })}
      />
    </div>
  );
}
