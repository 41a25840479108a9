import { lazy, Suspense, useState, type ReactNode } from 'react';
import { CoursesSidebarSection } from '../features/courses/courses-sidebar-section';
import { useCourseSearchItems } from '../features/courses/sidebar-search-items';
import { SupportChatWidget } from '../features/chat/support-chat-widget';
import { QuestCelebration } from '../features/gamification/quest-celebration';
import { TimeZoneReporter } from '../features/gamification/time-zone-reporter';
import { ShareCourseButton, ShareCourseFlow } from '../features/sharing/share-button';
import { AppShell } from '../features/shell/app-shell';
import { ViewportWidthReporter } from '../features/shell/viewport-width-reporter';
import { useFileViewerState } from '../lib/file-viewer';
import { loadNamespaces } from '../lib/i18n';
import { TrpcBoundary } from '../lib/trpc';
import { useUpgradeModalState } from '../lib/upgrade-modal';

// The app-wide dialogs are chunks of their own, fetched when first opened (no page needs them to appear), together
// with their texts, so opening one waits for one round of requests rather than the code and then its texts.
const FileViewerDialog = lazy(() =>
  Promise.all([import('../features/viewer/file-viewer-dialog'), loadNamespaces('viewer', 'ingest', 'errors')]).then(([module]) => ({
    default: module.FileViewerDialog,
  })),
);
const UpgradeModal = lazy(() =>
  Promise.all([import('../features/billing/upgrade-modal'), loadNamespaces('billing', 'errors')]).then(([module]) => ({
    default: module.UpgradeModal,
  })),
);

/** Mounts `children` from the first time `when` holds, and keeps them mounted so they can animate their closing. */
function MountOnceWanted({ when, children }: { when: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(when);
  if (when && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * The shell with the courses feature's sidebar section and search entries and the sharing feature's Share button
 * slotted in, the Share flow (started by that button and the dashboard's menus), the app's file viewer, the quest celebration and the time-zone report (gamification), and the
 * upgrade/trial modal (billing) that any page opens through lib/upgrade-modal.
 */
export function AppLayout() {
  return (
    <TrpcBoundary>
      <AppLayoutContent />
    </TrpcBoundary>
  );
}

function AppLayoutContent() {
  const courseSearchItems = useCourseSearchItems();
  const viewerOpen = useFileViewerState() !== null;
  const upgradeOpen = useUpgradeModalState() !== null;
  return (
    <>
      <AppShell
        coursesSection={<CoursesSidebarSection />}
        courseSearchItems={courseSearchItems}
        shareAction={(target) => <ShareCourseButton target={target} />}
      />
      <MountOnceWanted when={viewerOpen}>
        <FileViewerDialog />
      </MountOnceWanted>
      <ShareCourseFlow />
      <SupportChatWidget />
      <QuestCelebration />
      <TimeZoneReporter />
      <ViewportWidthReporter />
      <MountOnceWanted when={upgradeOpen}>
        <UpgradeModal />
      </MountOnceWanted>
    </>
  );
}

