import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorData, errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import type { SharedContext } from './decks-data';

/** Refetches what shows a deck's cards or counts, after anything changed them. */
export function useRefreshDecks() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries(trpc.decks.list.pathFilter()),
        queryClient.invalidateQueries(trpc.decks.getCards.pathFilter()),
      ]),
    [queryClient, trpc],
  );
}

/** Hands a text file to the browser as a download. */
function download({ fileName, mimeType, content }: { fileName: string; mimeType: string; content: string }) {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the blob only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type ExportFormat = 'csv' | 'anki';

/** Exports a deck as CSV or as Anki's text file; `exporting` names the deck and format while it runs. */
export function useExportDeck(context: SharedContext) {
  const { t } = useTranslation(['decks', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState<string | null>(null);
  const exportDeck = useCallback(
    async (deckId: string, format: ExportFormat) => {
      setExporting(`${deckId}:${format}`);
      try {
        const input = { deckId, ...context };
        const options = format === 'csv' ? trpc.decks.exportCsv.queryOptions(input) : trpc.decks.exportAnki.queryOptions(input);
        const file = await queryClient.fetchQuery({ ...options, staleTime: 0, gcTime: 0 });
        download(file);
        toast.success(t('export.done', { name: file.fileName }));
      } catch (error) {
        toast.error(errorMessage(error, t, t('export.failed')));
      } finally {
        setExporting(null);
      }
    },
    [context, queryClient, t, trpc],
  );
  return { exportDeck, exporting };
}

/** Makes the file's generated deck again; the study frame then shows its progress. Over the plan's allowance: the plans. */
export function useRegenerateDeck(fileId: string) {
  const { t } = useTranslation(['decks', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation(
    trpc.decks.generate.mutationOptions({
      onSuccess: async () => {
        toast.success(t('regenerate.started'));
        await queryClient.invalidateQueries(trpc.file.getProcessingStatus.queryFilter({ fileId }));
      },
      onError: (error) => {
        const quota = errorData(error)?.messageKey === 'deckQuota';
        toast.error(errorMessage(error, t, t('regenerate.failed')), {
          ...(quota ? { action: { label: t('regenerate.seePlans'), onClick: () => void navigate({ to: '/settings', search: { mode: 'plans' } }) } } : {}),
        });
      },
    }),
  );
}

/** Adding, editing and deleting cards, each followed by fresh lists and counts; failures are toasted and rethrown. */
export function useCardEditing(context: SharedContext) {
  const { t } = useTranslation(['decks', 'errors']);
  const trpc = useTRPC();
  const refresh = useRefreshDecks();
  const onError = (fallback: string) => (error: unknown) => {
    toast.error(errorMessage(error, t, fallback));
  };
  const create = useMutation(trpc.decks.createCard.mutationOptions({ onError: onError(t('cards.addFailed')) }));
  const update = useMutation(trpc.decks.updateCard.mutationOptions({ onError: onError(t('cards.saveFailed')) }));
  const remove = useMutation(trpc.decks.deleteCard.mutationOptions({ onError: onError(t('cards.deleteFailed')) }));
  return {
    addCard: async (target: { deckId: string } | { fileId: string }, values: { front: string; back: string }) => {
      const card = await create.mutateAsync({ ...target, ...values, ...context });
      await refresh();
      toast.success(t('cards.added'));
      return card;
    },
    saveCard: async (cardId: string, values: { front: string; back: string }) => {
      const card = await update.mutateAsync({ cardId, ...values, ...context });
      await refresh();
      toast.success(t('cards.saved'));
      return card;
    },
    deleteCard: async (cardId: string) => {
      await remove.mutateAsync({ cardId, ...context });
      await refresh();
      toast.success(t('cards.deleted'));
    },
  };
}
