import { Outlet } from '@tanstack/react-router';
import { ShellLayout } from './shell-layout';
import type { ShareActionRenderer } from './shared-file-context';
import type { SidebarCourses } from './sidebar';

/**
 * The layout route's component: every signed-in page renders inside the shell. The courses feature's sidebar parts
 * come in as props, because features do not import each other; routes/_app.tsx joins them.
 */
export function AppShell(props: SidebarCourses & { shareAction?: ShareActionRenderer }) {
  return (
    <ShellLayout {...props}>
      <Outlet />
    </ShellLayout>
  );
}
