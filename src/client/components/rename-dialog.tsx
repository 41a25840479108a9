import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { COURSE_NAME_MAX_LENGTH, FILE_NAME_MAX_LENGTH } from '../../shared/course-rules';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { errorData, errorMessage } from '../lib/errors';
import { SPACES_KEY } from '../lib/spaces';
import { useTRPC } from '../lib/trpc';

/**
 * What is renamed. `uuid`: a file of a course shared with the caller as an editor (the space's link id), renamed
 * through the space (spec §3 "Edit Access").
 */
export interface RenameTarget {
  kind: 'file' | 'course';
  id: string;
  name: string;
  uuid?: string;
}

/** What submitting a rename does (spec §5): nothing while blank, just close when unchanged, else rename. */
export type RenameOutcome = 'blank' | 'unchanged' | 'rename';

export function renameOutcome(currentName: string, typed: string): RenameOutcome {
  const name = typed.trim();
  if (!name) return 'blank';
  return name === currentName ? 'unchanged' : 'rename';
}

function isNotFound(error: unknown): boolean {
  const data = errorData(error);
  return data?.appCode === 'NOT_FOUND' || data?.httpStatus === 404;
}

/** Rename a file or a course (spec §5, §8); `target` null means closed. Used by the dashboard and the sidebar. */
export function RenameDialog({ target, onClose }: { target: RenameTarget | null; onClose: () => void }) {
  const { t } = useTranslation(['courses', 'errors']);
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
  const { t } = useTranslation(['courses', 'errors']);
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
        // A shared course's file: the sidebar's Shared Courses and the study header's name read it through the space.
        target.uuid ? queryClient.invalidateQueries({ queryKey: SPACES_KEY }) : undefined,
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
        ? file.mutate({ fileId: target.id, newName, ...(target.uuid ? { uuid: target.uuid, id: target.id } : {}) })
        : course.mutate({ directoryId: target.id, newName }),
  };
}

function RenameForm({ target, onDone }: { target: RenameTarget; onDone: () => void }) {
  const { t } = useTranslation(['courses', 'errors']);
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
