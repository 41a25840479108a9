import { createLazyRoute } from '@tanstack/react-router';
import { ArtefactFrame } from '../components/study/artefact-frame';
import { ChatPage } from '../features/chat/chat-page';
import { PageEmptyState } from '../features/shell/page-empty-state';
import { keepSharedContext } from '../lib/search';

export const chatLazyRoute = createLazyRoute('/app/chat')({ component: ChatRoute });

function ChatRoute() {
  const context = keepSharedContext(chatLazyRoute.useSearch());
  return (
    <ArtefactFrame page="chat" noFile={<PageEmptyState page="chat" />}>
      {(file) => <ChatPage file={file} context={context} />}
    </ArtefactFrame>
  );
}
