import { createRoute } from '@tanstack/react-router';
import { SpacePage } from '../features/sharing/space-page';
import { appLayoutRoute } from './_app';

/** The share link of a course, /space/{uuid}; /spaces/{uuid} is the same page (spec §2: "Also seen"). */
export const spaceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/space/$uuid',
  component: function SpaceRoute() {
    const { uuid } = spaceRoute.useParams();
    return <SpacePage key={uuid} uuid={uuid} />;
  },
});

export const spacesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/spaces/$uuid',
  component: function SpacesRoute() {
    const { uuid } = spacesRoute.useParams();
    return <SpacePage key={uuid} uuid={uuid} />;
  },
});
