import { useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, FileText, Lock } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CONFIRM_HIDE_FILE, type SpaceContent, type SpaceFileEntry } from '../../../shared/sharing';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/errors';
import { SectionTitle } from './section-title';
import { spaceContentKey, useSpacesMutation } from '../../lib/spaces';

/**
 * Spec §2 "Content Settings": which of the course's files members see. Hiding asks first ('HIDE FILE' typed); a change
 * shows at once and goes back if the server refuses it (spec §4). The last visible file cannot be hidden (spec §5).
 */
export function ContentSettingsTab({ space }: { space: SpaceContent }) {
  const { t } = useTranslation(['sharing', 'errors']);
  if (!space.isOwner) {
    return (
      <p className="flex items-center gap-3 rounded-xl border border-border bg-muted/40 p-4 text-sm text-muted-foreground" data-testid="content-owner-only">
        <Lock aria-hidden="true" className="size-4 shrink-0" />
        {t('content.ownerOnly')}
      </p>
    );
  }
  if (space.files.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border px-3 py-6 text-center text-sm text-muted-foreground" data-testid="content-empty">
        {t('content.empty')}
      </p>
    );
  }
  return <FileVisibilityList space={space} />;
}

function FileVisibilityList({ space }: { space: SpaceContent }) {
  const { t } = useTranslation(['sharing', 'errors']);
  const queryClient = useQueryClient();
  // Not refreshed on settle: the optimistic data is already right, or rolled back to what it was.
  const toggle = useSpacesMutation('toggleContentVisibility', { refresh: false });
  const [hiding, setHiding] = useState<SpaceFileEntry | null>(null);
  const visibleCount = space.files.filter((file) => file.isVisible).length;

  function apply(fileId: string, isVisible: boolean) {
    const key = spaceContentKey(space.id);
    const previous = queryClient.getQueryData<SpaceContent>(key);
    queryClient.setQueryData<SpaceContent>(key, (current) =>
      current && { ...current, files: current.files.map((file) => (file.fileId === fileId ? { ...file, isVisible } : file)) },
    );
    toggle.mutate(
      { spaceId: space.id, uuid: space.uuid, fileId, isVisible },
      {
        onSuccess: () => toast.success(t('toast.visibilityUpdated')),
        onError: (error) => {
          queryClient.setQueryData(key, previous);
          toast.error(errorMessage(error, t, t('toast.visibilityFailed')));
        },
      },
    );
  }

  function request(file: SpaceFileEntry, isVisible: boolean) {
    if (isVisible) return apply(file.fileId, true);
    if (visibleCount <= 1) {
      toast.error(t('content.lastVisible'));
      return;
    }
    setHiding(file);
  }

  return (
    <section className="flex flex-col gap-3">
      <div>
        <SectionTitle>{t('content.title')}</SectionTitle>
        <p className="mt-1 text-sm text-muted-foreground">{t('content.hint')}</p>
      </div>
      <ul className="divide-y divide-border rounded-xl border border-border" data-testid="content-files">
        {space.files.map((file) => {
          const labelId = `content-file-${file.fileId}`;
          return (
            <li key={file.fileId} className="flex items-center gap-3 px-3 py-2.5" data-testid="content-file">
              <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span id={labelId} className="min-w-0 flex-1 truncate text-sm font-medium">
                {file.file.name}
              </span>
              <span className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
                {file.isVisible ? <Eye aria-hidden="true" className="size-3.5" /> : <EyeOff aria-hidden="true" className="size-3.5" />}
                {file.isVisible ? t('content.visible') : t('content.hidden')}
              </span>
              <Switch.Root
                checked={file.isVisible}
                onCheckedChange={(checked) => request(file, checked)}
                aria-labelledby={labelId}
                data-testid="content-switch"
                className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-input transition-colors data-[state=checked]:bg-primary"
              >
                <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
              </Switch.Root>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={hiding !== null}
        onOpenChange={(open) => open || setHiding(null)}
        severity="high"
        confirmationText={CONFIRM_HIDE_FILE}
        title={t('content.hideTitle')}
        description={t('content.hideDescription', { name: hiding?.file.name })}
        confirmLabel={t('content.hide')}
        onConfirm={() => {
          if (hiding) apply(hiding.fileId, false);
        }}
      />
    </section>
  );
}
