import { createRoute } from '@tanstack/react-router';
import { ArtefactFrame } from '../components/study/artefact-frame';
import { ChatPage } from '../features/chat/chat-page';
import { keepSharedContext, sharedContextSearch } from '../lib/search';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { appLayoutRoute } from './_app';

export const chatRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/chat',
  validateSearch: sharedContextSearch,
  component: ChatRoute,
});

function ChatRoute() {
  const context = keepSharedContext(chatRoute.useSearch());
  return (
    <ArtefactFrame page="chat" noFile={<PageEmptyState page="chat" />}>
      {(file) => <ChatPage file={file} context={context} />}
    </ArtefactFrame>
  );
}
