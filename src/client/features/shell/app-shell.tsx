import { Outlet } from '@tanstack/react-router';
import { ShellLayout } from './shell-layout';

/** The layout route's component: every signed-in page renders inside the shell. */
export function AppShell() {
  return (
    <ShellLayout>
      <Outlet />
    </ShellLayout>
  );
}
