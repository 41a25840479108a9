import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTRPC } from '../../lib/trpc';
import { bootSupportChat, shutdownSupportChat, supportChatWanted } from './support-chat';

/**
 * Starts the support-chat widget for the signed-in user when the deployment configures one (SUPPORT_CHAT_*), and shuts
 * it down on the Chat tab and when the user leaves. Renders nothing; with no widget configured it loads nothing.
 */
export function SupportChatWidget() {
  const trpc = useTRPC();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const settings = useQuery(trpc.system.getPublicConfig.queryOptions(undefined, { staleTime: Infinity })).data?.supportChat;
  const identity = useQuery({ ...trpc.chat.supportIdentity.queryOptions(), enabled: Boolean(settings), staleTime: Infinity }).data;
  const wanted = supportChatWanted(pathname);

  useEffect(() => {
    if (!settings || !identity) return;
    if (wanted) bootSupportChat(settings, identity);
    else shutdownSupportChat();
  }, [settings, identity, wanted]);
  useEffect(() => () => shutdownSupportChat(), []);
  return null;
}
