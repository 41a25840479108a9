import { useQueryClient } from '@tanstack/react-query';
import { Share2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DEFAULT_COURSE_NAME } from '../../../shared/sharing';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/errors';
import { shareCourse, useShareCourseHandler, type ShareTarget } from '../../lib/share-course';
import { SPACES_KEY, useSpacesClient } from '../../lib/spaces';
import { copyShareLink } from './use-copy-link';

/** The dialog's code arrives with the first share, not with every page of the app. */
const ShareCourseDialog = lazy(() => import('./share-course-dialog').then((module) => ({ default: module.ShareCourseDialog })));

/** The header's Share button (medium and larger screens): starts the Share flow on the open course. */
export function ShareCourseButton({ target }: { target: ShareTarget | null }) {
  const { t } = useTranslation(['sharing', 'errors']);
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-9"
      onClick={() => (target ? shareCourse(target) : toast.error(t('toast.selectCourse')))}
      data-testid="header-share"
    >
      <Share2 aria-hidden="true" />
      <span className="max-lg:sr-only">{t('share')}</span>
    </Button>
  );
}

interface Opened {
  /** Null while the course's space is being looked up or made: the dialog shows its skeleton meanwhile. */
  spaceId: string | null;
  autoGenerate: boolean;
}

/**
 * The Share flow of spec §4, mounted once by the app layout and started through lib/share-course (the header's Share
 * button, the dashboard's course and file menus). The dialog opens at once, on the click; meanwhile the flow asks
 * whether the course is shared already and loads that space, or makes a public one ('Course shared successfully!'),
 * copies its link ('Share link copied to clipboard!', one toast with the first) and shows the space, generating
 * description and tags for a new one. In a shared course it opens that course's dialog, where members read the details.
 */
export function ShareCourseFlow() {
  const { t } = useTranslation(['sharing', 'errors']);
  const spaces = useSpacesClient();
  const queryClient = useQueryClient();
  const running = useRef(false);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [open, setOpen] = useState(false);

  async function shareOwnCourse(target: { directoryId: string; courseName: string }) {
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
        void queryClient.invalidateQueries({ queryKey: SPACES_KEY });
      }
    } catch (error) {
      toast.error(errorMessage(error, t, t('toast.shareFailed')));
      setOpen(false);
      return;
    }
    let copied = true;
    try {
      await copyShareLink(space.uuid);
    } catch {
      copied = false;
      toast.error(t('toast.copyFailed'));
    }
    // One toast says what happened; the dialog says what it means.
    if (created) toast.success(t('toast.courseShared'), copied ? { description: t('toast.shareLinkCopied') } : undefined);
    else if (copied) toast.success(t('toast.shareLinkCopied'));
    setOpened({ spaceId: space.id, autoGenerate: created });
  }

  useShareCourseHandler((target) => {
    // A second click while a share is on its way changes nothing: the dialog is open already.
    if (running.current) return;
    if ('sharedSpaceId' in target) {
      setOpened({ spaceId: target.sharedSpaceId, autoGenerate: false });
      setOpen(true);
      return;
    }
    setOpened({ spaceId: null, autoGenerate: false });
    setOpen(true);
    running.current = true;
    void shareOwnCourse(target).finally(() => {
      running.current = false;
    });
  });

  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ShareCourseDialog spaceId={opened.spaceId} open={open} onOpenChange={setOpen} autoGenerate={opened.autoGenerate} />
    </Suspense>
  );
}
