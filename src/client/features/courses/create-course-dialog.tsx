import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { COURSE_NAME_MAX_LENGTH } from '../../../shared/course-rules';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { errorMessage } from '../../lib/errors';
import { isLocale } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc';

/** The Create course dialog (spec §2, §5, §8): submit stays disabled until the trimmed name is non-empty. */
export function CreateCourseDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation(['courses', 'errors']);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="create-course-dialog">
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts with an empty name. */}
        <CreateCourseForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CreateCourseForm({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useTranslation(['courses', 'errors']);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [name, setName] = useState('');
  const create = useMutation(
    trpc.directory.createDirectory.mutationOptions({
      onSuccess: async () => {
        toast.success(t('create.success'));
        onDone();
        await queryClient.invalidateQueries(trpc.directory.pathFilter());
      },
      onError: (error) => toast.error(errorMessage(error, t, t('create.failure'))),
    }),
  );
  const trimmed = name.trim();
  const canSubmit = trimmed.length > 0 && !create.isPending;
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        // The course's language follows the interface, so its study material comes in the language the student reads.
        if (canSubmit) create.mutate({ name: trimmed, language: isLocale(i18n.language) ? i18n.language : 'en' });
      }}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={inputId}>{t('create.nameLabel')}</Label>
        <Input
          id={inputId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder={t('create.placeholder')}
          maxLength={COURSE_NAME_MAX_LENGTH}
          autoComplete="off"
          data-testid="create-course-name"
        />
      </div>
      <DialogFooter>
        <Button type="submit" disabled={!canSubmit} aria-busy={create.isPending} data-testid="create-course-submit">
          {create.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {create.isPending ? t('create.pending') : t('create.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
