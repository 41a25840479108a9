import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { COURSE_NAME_MAX_LENGTH, FILE_NAME_MAX_LENGTH } from '../../../shared/courses';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { errorMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { renameOutcome } from './course-list';
import { isNotFound } from './use-course-actions';

export interface RenameTarget {
  kind: 'file' | 'course';
  id: string;
  name: string;
}

/** Rename a file or a course (spec §5, §8); `target` null means closed. */
export function RenameDialog({ target, onClose }: { target: RenameTarget | null; onClose: () => void }) {
  const { t } = useTranslation('courses');
  return (
    <Dialog open={target !== null} onOpenChange={(open) => open || onClose()}>
      <DialogContent data-testid="rename-dialog">
        <DialogHeader>
          <DialogTitle>{target?.kind === 'file' ? t('rename.fileTitle') : t('rename.courseTitle')}</DialogTitle>
        </DialogHeader>
        {target && <RenameForm target={target} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function useRename(target: RenameTarget, onDone: () => void) {
  const { t } = useTranslation('courses');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const messages = {
    success: t(`rename.${target.kind}Success`),
    notFound: t(`rename.${target.kind}NotFound`),
    failure: t(`rename.${target.kind}Failure`),
  };
  const handlers = {
    onSuccess: async () => {
      toast.success(messages.success);
      onDone();
      await Promise.all([
        queryClient.invalidateQueries(trpc.directory.pathFilter()),
        queryClient.invalidateQueries(trpc.file.pathFilter()),
      ]);
    },
    // A too-long file name (with its extension appended) has its own message from the server.
    onError: (error: unknown) => toast.error(isNotFound(error) ? messages.notFound : errorMessage(error, t, messages.failure)),
  };
  const file = useMutation(trpc.file.renameFile.mutationOptions(handlers));
  const course = useMutation(trpc.directory.renameDirectory.mutationOptions(handlers));
  return {
    pending: file.isPending || course.isPending,
    rename: (newName: string) =>
      target.kind === 'file'
        ? file.mutate({ fileId: target.id, newName })
        : course.mutate({ directoryId: target.id, newName }),
  };
}

function RenameForm({ target, onDone }: { target: RenameTarget; onDone: () => void }) {
  const { t } = useTranslation('courses');
  const inputId = useId();
  const [name, setName] = useState(target.name);
  const { pending, rename } = useRename(target, onDone);
  const outcome = renameOutcome(target.name, name);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (pending || outcome === 'blank') return;
        if (outcome === 'unchanged') onDone();
        else rename(name.trim());
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={inputId}>{t('rename.nameLabel')}</Label>
        <Input
          id={inputId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onFocus={(event) => event.target.select()}
          maxLength={target.kind === 'file' ? FILE_NAME_MAX_LENGTH : COURSE_NAME_MAX_LENGTH}
          autoComplete="off"
          data-testid="rename-input"
        />
      </div>
      <DialogFooter>
        <Button type="submit" disabled={pending || outcome === 'blank'} aria-busy={pending} data-testid="rename-submit">
          {pending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {pending ? t('rename.pending') : t('rename.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
