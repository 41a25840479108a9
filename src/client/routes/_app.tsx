import { createRoute, redirect } from '@tanstack/react-router';
import { UpgradeModal } from '../features/billing/upgrade-modal';
import { CoursesSidebarSection } from '../features/courses/courses-sidebar-section';
import { useCourseSearchItems } from '../features/courses/sidebar-search-items';
import { SupportChatWidget } from '../features/chat/support-chat-widget';
import { QuestCelebration } from '../features/gamification/quest-celebration';
import { TimeZoneReporter } from '../features/gamification/time-zone-reporter';
import { ShareCourseButton } from '../features/sharing/share-button';
import { AppShell } from '../features/shell/app-shell';
import { FileViewerDialog } from '../features/viewer/file-viewer-dialog';
import { sessionQueryOptions } from '../lib/auth-client';
import { rootRoute } from './__root';

/**
 * The shell with the courses feature's sidebar section and search entries and the sharing feature's Share button
 * slotted in, the app's file viewer, the quest celebration and the time-zone report (gamification), and the
 * upgrade/trial modal (billing) that any page opens through lib/upgrade-modal.
 */
function AppLayout() {
  const courseSearchItems = useCourseSearchItems();
  return (
    <>
      <AppShell
        coursesSection={<CoursesSidebarSection />}
        courseSearchItems={courseSearchItems}
        shareAction={(target) => <ShareCourseButton target={target} />}
      />
      <FileViewerDialog />
      <SupportChatWidget />
      <QuestCelebration />
      <TimeZoneReporter />
      <UpgradeModal />
    </>
  );
}

/** Every app page lives in the shell and needs a signed-in user; visitors go to /auth and come back afterwards. */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (!session) throw redirect({ to: '/auth', search: { redirect: location.href } });
    return { session };
  },
  component: AppLayout,
});
