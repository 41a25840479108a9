import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { AdminPage } from '../features/admin/admin-page';

export const adminLazyRoute = createLazyRoute('/app/admin')({ component: AdminRoute });

function AdminRoute() {
  const { tab = 'users' } = adminLazyRoute.useSearch();
  const navigate = useNavigate();
  return (
    <AdminPage
      tab={tab}
      onTabChange={(next) => void navigate({ to: '/admin', search: next === 'users' ? {} : { tab: next }, replace: true })}
    />
  );
}
