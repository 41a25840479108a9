import { createLazyRoute } from '@tanstack/react-router';
import { SpacePage } from '../features/sharing/space-page';

export const spaceLazyRoute = createLazyRoute('/app/space/$uuid')({
  component: function SpaceRoute() {
    const { uuid } = spaceLazyRoute.useParams();
    return <SpacePage key={uuid} uuid={uuid} />;
  },
});

export const spacesLazyRoute = createLazyRoute('/app/spaces/$uuid')({
  component: function SpacesRoute() {
    const { uuid } = spacesLazyRoute.useParams();
    return <SpacePage key={uuid} uuid={uuid} />;
  },
});
