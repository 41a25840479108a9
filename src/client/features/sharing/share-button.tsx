import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Share2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DEFAULT_COURSE_NAME } from '../../../shared/sharing';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/errors';
import { SPACES_KEY, useSpacesClient } from '../../lib/spaces';
import { copyShareLink } from './use-copy-link';

/** The dialog's code arrives with the first share, not with every page of the app. */
const ShareCourseDialog = lazy(() => import('./share-course-dialog').then((module) => ({ default: module.ShareCourseDialog })));

type Target = { directoryId: string; courseName: string } | { sharedSpaceId: string };

/**
 * The header's Share button. On the owner's course it follows spec §4: is the course shared already? Load that space;
 * otherwise make a public one ('Course shared successfully!'). Then the link goes to the clipboard ('Share link copied
 * to clipboard!') and the dialog opens, generating description and tags for a new space. In a shared course it opens
 * that course's dialog, where members read the details.
 */
export function ShareCourseButton({ target }: { target: Target | null }) {
  const { t } = useTranslation(['sharing', 'errors']);
  const spaces = useSpacesClient();
  const queryClient = useQueryClient();
  const [spaceId, setSpaceId] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [autoGenerate, setAutoGenerate] = useState(false);
  const [pending, setPending] = useState(false);

  async function share() {
    if (!target) {
      toast.error(t('toast.selectCourse'));
      return;
    }
    if ('sharedSpaceId' in target) {
      setSpaceId(target.sharedSpaceId);
      setAutoGenerate(false);
      setOpen(true);
      return;
    }
    setPending(true);
    try {
      let space: { id: string; uuid: string };
      let created = false;
      try {
        const shared = await spaces.isDirectoryShared.query({ directoryId: target.directoryId });
        if (shared.isShared && shared.spaceInfo) {
          space = shared.spaceInfo;
        } else {
          space = await spaces.createSpace.mutate({
            name: target.courseName.trim() || DEFAULT_COURSE_NAME,
            description: '',
            visibility: 'public',
            directoryId: target.directoryId,
          });
          created = true;
          toast.success(t('toast.courseShared'));
          void queryClient.invalidateQueries({ queryKey: SPACES_KEY });
        }
      } catch (error) {
        toast.error(errorMessage(error, t, t('toast.shareFailed')));
        return;
      }
      try {
        await copyShareLink(space.uuid);
        toast.success(t('toast.shareLinkCopied'));
      } catch {
        toast.error(t('toast.copyFailed'));
      }
      setSpaceId(space.id);
      setAutoGenerate(created);
      setOpen(true);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button variant="outline" size="sm" className="h-9" onClick={() => void share()} disabled={pending} aria-busy={pending} data-testid="header-share">
        {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Share2 aria-hidden="true" />}
        <span className="max-lg:sr-only">{t('share')}</span>
      </Button>
      {spaceId !== null && (
        <Suspense fallback={null}>
          <ShareCourseDialog spaceId={spaceId} open={open} onOpenChange={setOpen} autoGenerate={autoGenerate} />
        </Suspense>
      )}
    </>
  );
}
