import { useNavigate } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { errorMessage } from '../../lib/errors';
import { useSpacesMutation } from '../../lib/spaces';

/**
 * A member removes themselves from a shared course (spec §6: they lose all their progress in it), after typing the
 * course's name (spec §5: removing a shared course requires typing it).
 */
export function LeaveCourseButton({ spaceId, courseName, onLeft }: { spaceId: string; courseName: string; onLeft?: () => void }) {
  const { t } = useTranslation(['sharing', 'errors']);
  const leave = useSpacesMutation('leaveSpace');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" className="self-start text-destructive hover:bg-destructive/10" onClick={() => setOpen(true)} data-testid="leave-course">
        <LogOut aria-hidden="true" />
        {t('leave.button')}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        severity="high"
        confirmationText={courseName}
        title={t('leave.title')}
        description={t('leave.description', { name: courseName })}
        confirmLabel={t('leave.confirm')}
        onConfirm={async () => {
          try {
            await leave.mutateAsync({ spaceId });
          } catch (error) {
            toast.error(errorMessage(error, t, t('toast.removeFailed')));
            throw error;
          }
          toast.success(t('toast.removed'));
          onLeft?.();
          void navigate({ to: '/dashboard' });
        }}
      />
    </>
  );
}
